/**
 * When a withdrawn property published again is news: "back on the market" (docs/decisions.md,
 * "Alert kinds"). A withdrawal is only detected by a complete crawl walk whose detail page says
 * the listing is gone, so any return spans at least one walk; a return within the minimum gap is
 * still a re-post to refresh the listing, or a portal's hiccup, not a comeback.
 */
export const DEFAULT_COMEBACK_MIN_MS = 24 * 3_600_000;

/**
 * `withdrawnAt`: when the last portal withdrew the offer (missing on offers withdrawn before the
 * time was kept: not known to be a comeback); `relistedAt`: when the listing that brought it back
 * was fetched.
 */
export function isComeback(withdrawnAt: string | null | undefined, relistedAt: string, minGapMs: number): boolean {
  if (!withdrawnAt) return false;
  const gap = Date.parse(relistedAt) - Date.parse(withdrawnAt);
  return Number.isFinite(gap) && gap >= minGapMs;
}

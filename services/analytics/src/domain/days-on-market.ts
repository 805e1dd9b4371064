/**
 * Days to sell or let as survival data: an offer withdrawn by every portal is an "event" (it left
 * the market — not necessarily sold), one still listed is right-censored at the report's date.
 * The median comes from the Kaplan–Meier curve, so long-listed offers are not silently dropped.
 */
/** `count` offers with the same spell (1 when absent), so histograms need not be expanded. */
export type Spell = { days: number; ended: boolean; count?: number };

export type DaysOnMarket = { medianDays: number | null; ended: number; censored: number };

export function kaplanMeierMedian(spells: readonly Spell[]): DaysOnMarket {
  let ended = 0;
  let total = 0;
  for (const s of spells) {
    total += s.count ?? 1;
    if (s.ended) ended += s.count ?? 1;
  }
  const censored = total - ended;
  // At equal times events are taken before censorings, the usual convention.
  const ordered = [...spells].sort((a, b) => a.days - b.days || Number(b.ended) - Number(a.ended));
  let atRisk = total;
  let survival = 1;
  let i = 0;
  while (i < ordered.length) {
    const t = ordered[i].days;
    let events = 0;
    let leaving = 0;
    while (i < ordered.length && ordered[i].days === t) {
      if (ordered[i].ended) events += ordered[i].count ?? 1;
      leaving += ordered[i].count ?? 1;
      i++;
    }
    if (events > 0) {
      survival *= 1 - events / atRisk;
      if (survival <= 0.5) return { medianDays: t, ended, censored };
    }
    atRisk -= leaving;
  }
  return { medianDays: null, ended, censored };
}

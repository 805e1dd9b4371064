import { isbot } from 'isbot';

/**
 * What a request for a banner image or a click is worth (docs/decisions.md, "Advertising: what an
 * impression is"). `ignored` records nothing; `filtered` is a gross fetch that is not a view
 * (MRC: prefetch and known bots are general invalid traffic); `net` is a view we charge for.
 */
export type FetchClass = 'ignored' | 'filtered' | 'net';

export type Request = { method: string; userAgent: string; at: number; issuedAt: number };
export type CountingRules = { prefetchMs: number; scannerMs: number };

/** Gmail fetches images through its proxy when the person opens the e-mail, and caches them. */
const GMAIL_PROXY = /GoogleImageProxy/i;

export function classifyImageFetch(r: Request, rules: CountingRules): FetchClass {
  if (r.method !== 'GET') return 'ignored';
  if (GMAIL_PROXY.test(r.userAgent)) return 'net';
  if (!r.userAgent || isbot(r.userAgent)) return 'filtered';
  // Fetched within seconds of sending: a delivery-time prefetch or a security scanner, not a person.
  if (r.at - r.issuedAt < rules.prefetchMs) return 'filtered';
  return 'net';
}

export function classifyClick(r: Request, rules: CountingRules): 'ignored' | 'counted' {
  if (r.method !== 'GET') return 'ignored';
  if (!r.userAgent || isbot(r.userAgent)) return 'ignored';
  // Link scanners (SafeLinks, Proofpoint, Mimecast) follow every link within seconds of delivery.
  if (r.at - r.issuedAt < rules.scannerMs) return 'ignored';
  return 'counted';
}

/** What one e-mail's banner has been counted as so far (null: never fetched). */
export type ImpressionState = { net: boolean } | null;

/**
 * The first fetch per e-mail is one gross impression, and a view if it is net. A filtered first
 * fetch becomes a view once, if a person loads it later (MRC: prefetch counts unless "subsequently
 * accessed by a valid user"). Reloads count nothing.
 */
export function countFetch(prev: ImpressionState, cls: FetchClass): { fetched: 0 | 1; net: 0 | 1; next: ImpressionState } {
  if (cls === 'ignored') return { fetched: 0, net: 0, next: prev };
  if (prev == null) return { fetched: 1, net: cls === 'net' ? 1 : 0, next: { net: cls === 'net' } };
  if (!prev.net && cls === 'net') return { fetched: 0, net: 1, next: { net: true } };
  return { fetched: 0, net: 0, next: prev };
}

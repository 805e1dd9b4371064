import type { Range, Watchdog, WatchdogCriteria, WatchdogPlace } from '@rr/proto';

/**
 * What matching and alerting read of a watchdog: the registry keeps this, not the whole state
 * (name, status, sent counts and the like are the account service's). A full `Watchdog` is one.
 */
export type AlertingWatchdog = Pick<Watchdog, 'id' | 'userId' | 'email' | 'locale' | 'ownerRole' | 'adsConsent' | 'createdAt' | 'updatedAt' | 'delivery' | 'members' | 'criteria'>;

/**
 * A watchdog as the registry keeps it: the fields a match and its alert read, the recipient's
 * address in lower case and the expiry as a number worked out once, and its slot in the index
 * (-1 while loading). One object per watchdog (the replayed event's object graph is left to the
 * collector), with criteria whose pieces are shared through a {@link CriteriaPool}.
 */
export class KeptWatchdog implements AlertingWatchdog {
  readonly id: string;
  readonly userId: string | null;
  readonly email: string;
  readonly locale: Watchdog['locale'];
  readonly ownerRole: number;
  readonly adsConsent: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly delivery: Watchdog['delivery'];
  readonly members: Watchdog['members'];
  readonly criteria: WatchdogCriteria;
  /** The address alerts go to: the e-mail in lower case (the same string when it already is). */
  readonly recipient: string;
  /** Milliseconds; Infinity for watchdogs that never expire. */
  readonly expiresAtMs: number;
  slot = -1;

  /** `id`: the same string as `w.id` (the registry passes its map key, so the two are one string). */
  constructor(w: Watchdog, criteria: WatchdogCriteria, id = w.id) {
    this.id = id;
    this.userId = w.userId;
    this.email = w.email;
    this.locale = w.locale;
    this.ownerRole = w.ownerRole;
    this.adsConsent = w.adsConsent;
    this.createdAt = w.createdAt;
    // One string where the times are the same (a watchdog never changed since it was made).
    this.updatedAt = w.updatedAt === w.createdAt ? w.createdAt : w.updatedAt;
    this.delivery = w.delivery;
    this.members = w.members;
    this.criteria = criteria;
    const lower = w.email.toLowerCase();
    this.recipient = lower === w.email ? w.email : lower;
    this.expiresAtMs = w.expiresAt == null ? Infinity : Date.parse(w.expiresAt);
  }
}

/** A range's end as the pool keys it: a missing end is not a null one. */
const MISSING = Symbol('missing end');
type RangeEnd = number | null | undefined | typeof MISSING;

/**
 * Shares the pieces of criteria that recur across watchdogs (a million watchdogs name a few
 * thousand places, a few price windows per market, a handful of type lists), so each kept
 * watchdog holds one criteria object of references instead of some twenty objects of its own.
 * The pieces are never changed once shared (nothing in the matcher writes to criteria). The pool
 * grows with the distinct pieces ever seen, which the market bounds, not with the watchdogs.
 */
export class CriteriaPool {
  private readonly lists = new Map<string, readonly string[]>();
  private readonly ranges = new Map<RangeEnd, Map<RangeEnd, Range>>();
  /** Distinct places by code (a code has few: its radii and names), each with a number for the lists' keys. */
  private readonly places = new Map<string, Array<{ place: WatchdogPlace; id: number }>>();
  private placeCount = 0;
  /** Lists of one place by the place's number (most watchdogs name one), longer ones by their numbers joined. */
  private readonly singlePlaceLists = new Map<number, WatchdogPlace[]>();
  private readonly placeLists = new Map<string, WatchdogPlace[]>();
  private readonly words = new Map<string, WatchdogCriteria['words']>();

  /** The criteria with their lists, ranges, places and words shared; the area drawn on a map is kept as it is. */
  share(c: WatchdogCriteria): WatchdogCriteria {
    return {
      adTypes: this.list(c.adTypes),
      realEstateTypes: this.list(c.realEstateTypes),
      dispositions: this.list(c.dispositions),
      area: this.range(c.area),
      price: this.range(c.price),
      pricePerM2: this.range(c.pricePerM2),
      landArea: this.range(c.landArea),
      landTypes: this.list(c.landTypes),
      houseTypes: this.list(c.houseTypes),
      beds: this.range(c.beds),
      elevatorOnly: c.elevatorOnly,
      terraceTypes: this.list(c.terraceTypes),
      places: this.placeList(c.places),
      includeWithoutPrice: c.includeWithoutPrice,
      priceDrops: c.priceDrops,
      backOnMarket: c.backOnMarket,
      noLongerActive: c.noLongerActive,
      words: this.wordsOf(c.words),
      mapArea: c.mapArea,
      seller: c.seller,
    };
  }

  private list<T extends string>(values: T[]): T[] {
    const key = values.length === 0 ? '' : values.length === 1 ? values[0] : values.join(',');
    let shared = this.lists.get(key);
    if (!shared) this.lists.set(key, (shared = values.slice()));
    return shared as T[];
  }

  /** Keyed by the ends themselves: a key string for each of a watchdog's five ranges was most of the pool's time. */
  private range(r: Range): Range {
    // null and a missing end are told apart, so a shared range reads exactly as the event's did.
    const from: RangeEnd = 'from' in r ? r.from : MISSING;
    const to: RangeEnd = 'to' in r ? r.to : MISSING;
    let byTo = this.ranges.get(from);
    if (!byTo) this.ranges.set(from, (byTo = new Map()));
    let shared = byTo.get(to);
    if (!shared) byTo.set(to, (shared = { ...r }));
    return shared;
  }

  /** Places are compared field by field (no key string per place: the point's numbers made those dear). */
  private placeList(places: WatchdogPlace[]): WatchdogPlace[] {
    if (places.length === 1) {
      const { place, id } = this.place(places[0]);
      let list = this.singlePlaceLists.get(id);
      if (!list) this.singlePlaceLists.set(id, (list = [place]));
      return list;
    }
    const shared = places.map((p) => this.place(p));
    const key = shared.map((s) => s.id).join(',');
    let list = this.placeLists.get(key);
    if (!list) this.placeLists.set(key, (list = shared.map((s) => s.place)));
    return list;
  }

  private place(p: WatchdogPlace): { place: WatchdogPlace; id: number } {
    let sameCode = this.places.get(p.code);
    if (!sameCode) this.places.set(p.code, (sameCode = []));
    for (const entry of sameCode) if (samePlace(entry.place, p)) return entry;
    const entry = { place: { ...p, ...(p.point ? { point: { ...p.point } } : {}) }, id: this.placeCount++ };
    sameCode.push(entry);
    return entry;
  }

  private wordsOf(words: WatchdogCriteria['words']): WatchdogCriteria['words'] {
    const key = words.any.length === 0 && words.none.length === 0 ? '|' : `${words.any.join(',')}|${words.none.join(',')}`;
    let shared = this.words.get(key);
    if (!shared) this.words.set(key, (shared = { any: words.any.slice(), none: words.none.slice() }));
    return shared;
  }
}

/** Whether two places read the same in every field (a missing point, a null one and the keys present are told apart). */
function samePlace(a: WatchdogPlace, b: WatchdogPlace): boolean {
  if (a.kind !== b.kind || a.code !== b.code || a.name !== b.name || a.radiusKm !== b.radiusKm || ('point' in a) !== ('point' in b) || ('radiusKm' in a) !== ('radiusKm' in b)) return false;
  const pa = a.point;
  const pb = b.point;
  if (pa == null || pb == null) return pa === pb;
  return pa.lat === pb.lat && pa.lon === pb.lon;
}

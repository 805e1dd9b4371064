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

  constructor(w: Watchdog, criteria: WatchdogCriteria) {
    this.id = w.id;
    this.userId = w.userId;
    this.email = w.email;
    this.locale = w.locale;
    this.ownerRole = w.ownerRole;
    this.adsConsent = w.adsConsent;
    this.createdAt = w.createdAt;
    this.updatedAt = w.updatedAt;
    this.delivery = w.delivery;
    this.members = w.members;
    this.criteria = criteria;
    const lower = w.email.toLowerCase();
    this.recipient = lower === w.email ? w.email : lower;
    this.expiresAtMs = w.expiresAt == null ? Infinity : Date.parse(w.expiresAt);
  }
}

/**
 * Shares the pieces of criteria that recur across watchdogs (a million watchdogs name a few
 * thousand places, a few price windows per market, a handful of type lists), so each kept
 * watchdog holds one criteria object of references instead of some twenty objects of its own.
 * The pieces are never changed once shared (nothing in the matcher writes to criteria). The pool
 * grows with the distinct pieces ever seen, which the market bounds, not with the watchdogs.
 */
export class CriteriaPool {
  private readonly lists = new Map<string, readonly string[]>();
  private readonly ranges = new Map<string, Range>();
  private readonly places = new Map<string, WatchdogPlace>();
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
    const key = values.join(',');
    let shared = this.lists.get(key);
    if (!shared) this.lists.set(key, (shared = values.slice()));
    return shared as T[];
  }

  private range(r: Range): Range {
    // null and a missing end are told apart, so a shared range reads exactly as the event's did.
    const key = `${r.from}|${r.to}`;
    let shared = this.ranges.get(key);
    if (!shared) this.ranges.set(key, (shared = { ...r }));
    return shared;
  }

  private placeList(places: WatchdogPlace[]): WatchdogPlace[] {
    const shared = places.map((p) => this.place(p));
    const key = shared.map((p) => this.placeKeyOf(p)).join(';');
    let list = this.placeLists.get(key);
    if (!list) this.placeLists.set(key, (list = shared));
    return list;
  }

  private placeKeyOf(p: WatchdogPlace): string {
    return `${p.kind}|${p.code}|${p.name}|${p.point === undefined ? 'u' : p.point === null ? 'n' : `${p.point.lat},${p.point.lon}`}|${p.radiusKm}`;
  }

  private place(p: WatchdogPlace): WatchdogPlace {
    const key = this.placeKeyOf(p);
    let shared = this.places.get(key);
    if (!shared) this.places.set(key, (shared = { ...p, ...(p.point ? { point: { ...p.point } } : {}) }));
    return shared;
  }

  private wordsOf(words: WatchdogCriteria['words']): WatchdogCriteria['words'] {
    const key = `${words.any.join(',')}|${words.none.join(',')}`;
    let shared = this.words.get(key);
    if (!shared) this.words.set(key, (shared = { any: words.any.slice(), none: words.none.slice() }));
    return shared;
  }
}

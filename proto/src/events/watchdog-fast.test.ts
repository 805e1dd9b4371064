import { WatchdogChangedV1 } from './watchdog';
import { parseWatchdogChangedFast } from './watchdog-fast';

/**
 * Differential test: the hand-written parser against the zod schema it stands in for. Generated
 * valid events (every optional part present, absent or left to its default) and many mutations
 * of them (a key dropped, set to null or undefined, to another type, to a near-miss string or
 * number, an array emptied or overfilled, an unknown key added) must be accepted and refused
 * alike, and an accepted one must come out as the same value, key order included.
 */

/** A small seeded generator (mulberry32), so a failure names a case that can be run again. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)];
  const chance = (p: number) => next() < p;
  const some = <T>(xs: readonly T[], min = 0) => xs.filter(() => chance(0.4)).concat(min > 0 ? [pick(xs)] : []);
  return { next, int, pick, chance, some };
}
type Random = ReturnType<typeof random>;

const TERMS = ['balkon', 'Balkón*', 'sklep', 'SKLEP', 'garáž', 'ab', 'zahrada*', 'výtah', 'a', 'dvě slova', '', 'x'.repeat(41), '12', 'půda*', '*', 'terasa**'];
const EMAILS = ['ahoj@example.cz', 'Petr.Novak@Seznam.CZ', 'a+b@x-y.example.com', '.a@example.cz', 'a..b@example.cz', 'a@b', 'a@-b.cz', 'a@b.c', 'ahoj@', '@example.cz', 'ah oj@example.cz', "o'neil@example.ie", 'a.@example.cz', 'a@b.cz.'];
const DATETIMES = [
  '2026-11-27T04:00:00.000Z', '2026-11-27T04:00:00Z', '2026-11-27T04:00Z', '2024-02-29T23:59:59.123456Z', '2026-02-29T00:00:00Z', '2026-11-27T24:00:00Z',
  '2026-11-27T04:00:00+01:00', '2026-11-27 04:00:00Z', '2026-11-27', '2026-13-01T00:00:00Z', '2000-02-29T00:00:00Z', '1900-02-29T00:00:00Z', '2026-11-27T04:00:00.Z',
];
const NUMBERS = [0, -0, 1, 2.5, -1, -0.5, 100, 100.5, 1e9, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 90, 90.01, -90, 180, -180.5];

const range = (r: Random) => {
  const out: Record<string, unknown> = {};
  const a = r.int(0, 200) * 1000;
  const b = a + r.int(0, 200) * 1000;
  if (r.chance(0.6)) out.from = r.chance(0.15) ? null : a;
  if (r.chance(0.6)) out.to = r.chance(0.15) ? null : b;
  return out;
};

const place = (r: Random) => {
  const p: Record<string, unknown> = { kind: r.pick(['region', 'district', 'municipality', 'pragueDistrict']), code: String(r.int(1, 999999)), name: r.pick(['Praha', 'Brno', 'Kolín', 'Ústí nad Labem']) };
  const point = r.next();
  if (point < 0.7) p.point = { lat: 48.5 + r.next() * 2.6, lon: 12 + r.next() * 6.9 };
  else if (point < 0.8) p.point = null;
  if (r.chance(0.6)) p.radiusKm = r.pick([0, 5, 10, 25, 50, 100, 2.5]);
  return p;
};

const mapArea = (r: Random) => ({
  type: 'MultiPolygon',
  coordinates: Array.from({ length: r.int(1, 3) }, () => [Array.from({ length: r.int(4, 8) }, () => (r.chance(0.1) ? [14 + r.next(), 50 + r.next(), 200] : [14 + r.next(), 50 + r.next()]))]),
});

const delivery = (r: Random) => ({
  mode: r.pick(['instant', 'digest']),
  schedule: r.chance(0.3) ? {} : { timeZone: r.pick(['Europe/Prague', 'America/New_York', 'Mars/Base']), digestTimes: r.some(['08:00', '12:30', '18:00', '25:00'], 1), quietHours: r.chance(0.5) ? null : { start: '22:00', end: r.pick(['07:00', '22:00']) } },
});

/** A valid watchdog.changed event (mostly; a few choices, such as a bad time zone, are the schema's to refuse). */
function event(r: Random): Record<string, unknown> {
  if (r.chance(0.03)) return { watchdogId: 'w_gone', watchdog: null };
  const criteria: Record<string, unknown> = {
    adTypes: r.some(['Sale', 'Rent', 'Auction', 'Roommates', 'Other'], 1),
    realEstateTypes: r.some(['Apartment', 'House', 'Land', 'Commercial', 'Other'], 1),
  };
  const maybe = (key: string, value: () => unknown) => {
    if (r.chance(0.75)) criteria[key] = value();
  };
  maybe('dispositions', () => r.some(['1+kk', '2+kk', '3+1', '6+', 'atypical', 'room']));
  for (const key of ['area', 'price', 'pricePerM2', 'landArea', 'beds']) maybe(key, () => range(r));
  maybe('landTypes', () => r.some(['BuildPlot', 'Commercial', 'Other']));
  maybe('houseTypes', () => r.some(['Detached', 'Terraced', 'Cottage', 'Hut']));
  maybe('terraceTypes', () => r.some(['Terrace', 'Loggia', 'Balcony']));
  for (const key of ['elevatorOnly', 'includeWithoutPrice', 'priceDrops', 'backOnMarket', 'noLongerActive']) maybe(key, () => r.chance(0.5));
  const withArea = r.chance(0.15);
  if (withArea) criteria.mapArea = mapArea(r);
  else maybe('mapArea', () => null);
  if (!withArea || r.chance(0.5)) criteria.places = Array.from({ length: r.int(1, 3) }, () => place(r));
  if (r.chance(0.2)) criteria.words = { ...(r.chance(0.8) ? { any: r.some(TERMS.slice(0, 8)) } : {}), ...(r.chance(0.5) ? { none: r.some(TERMS.slice(0, 8)) } : {}) };
  maybe('seller', () => r.pick(['any', 'private', 'agency']));
  const at = new Date(Date.UTC(2026, 0, 1) + r.int(0, 1e10)).toISOString();
  const watchdog: Record<string, unknown> = {
    id: `w_${r.int(0, 1e9).toString(16)}`, userId: r.chance(0.3) ? null : `u_${r.int(0, 1e6)}`, email: r.pick(EMAILS.slice(0, 3)),
    locale: r.pick(['cs', 'en']), ownerRole: r.pick([0, 10, 20, 30, 40, 100]), criteria, status: r.pick(['Active', 'Deleted', 'Disabled', 'Pending']),
    createdAt: at, updatedAt: at, expiresAt: r.chance(0.5) ? null : at, lastEmailAt: r.chance(0.7) ? null : at, sentCount: r.int(0, 40),
  };
  if (r.chance(0.7)) watchdog.adsConsent = r.chance(0.5);
  if (r.chance(0.7)) watchdog.name = r.chance(0.5) ? null : 'Byt v Praze';
  if (r.chance(0.1)) watchdog.delivery = delivery(r);
  if (r.chance(0.1)) watchdog.members = Array.from({ length: r.int(0, 2) }, () => ({ email: r.pick(EMAILS.slice(0, 4)), locale: 'cs', userId: null, ...(r.chance(0.3) ? { delivery: delivery(r) } : {}) }));
  if (r.chance(0.1)) watchdog.unknownField = { x: 1 };
  return { watchdogId: watchdog.id, watchdog };
}

/** Every path to a value inside the event (objects and arrays), the root excluded. */
function paths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value !== 'object' || value === null) return [];
  const keys: Array<string | number> = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return keys.flatMap((k) => [[...prefix, k], ...paths((value as Record<string | number, unknown>)[k], [...prefix, k])]);
}

/** One mutation at a random place of a deep copy. */
function mutate(r: Random, original: Record<string, unknown>): unknown {
  const copy = structuredClone(original);
  const all = paths(copy);
  const path = r.pick(all);
  const parent = path.slice(0, -1).reduce<Record<string | number, unknown>>((o, k) => o[k] as Record<string | number, unknown>, copy as never);
  const key = path[path.length - 1];
  const current = parent[key];
  const replacements: Array<() => unknown> = [
    () => null, () => undefined, () => r.pick(NUMBERS), () => '', () => 'x', () => true, () => [], () => ({}),
    () => r.pick(EMAILS), () => r.pick(DATETIMES), () => r.pick(TERMS), () => r.pick(['cs', 'de', 'Active', 'active', 'Sale', 'MultiPolygon', 'Polygon', 'any', 'municipality']),
    () => (Array.isArray(current) ? [] : current), () => (Array.isArray(current) ? [...current, ...current, ...current, ...current, ...current, ...current, ...current] : current),
    () => (Array.isArray(current) ? [...current, r.pick(NUMBERS)] : current), () => (typeof current === 'string' ? `${current} ` : current),
    () => (typeof current === 'number' ? -current - 1 : current), () => (typeof current === 'number' ? current + 0.5 : current),
    () => (typeof current === 'object' && current !== null && !Array.isArray(current) ? { ...current, extra: 1 } : current),
    () => (typeof current === 'object' && current !== null && !Array.isArray(current) ? swapRange(current as Record<string, unknown>) : current),
  ];
  if (r.chance(0.15) && !Array.isArray(parent)) delete parent[key];
  else parent[key] = r.pick(replacements)();
  return copy;
}
const swapRange = (o: Record<string, unknown>) => ('from' in o || 'to' in o ? { from: o.to, to: o.from } : o);

function expectSameAnswer(data: unknown, label: string) {
  const slow = WatchdogChangedV1.safeParse(data);
  const fast = parseWatchdogChangedFast(data);
  if (slow.success !== (fast !== undefined)) {
    throw new Error(`${label}: zod ${slow.success ? 'accepts' : `refuses (${slow.error.issues[0].path.join('.')}: ${slow.error.issues[0].message})`}, the fast parser ${fast === undefined ? 'refuses' : 'accepts'}: ${JSON.stringify(data)}`);
  }
  if (slow.success) {
    expect(fast).toStrictEqual(slow.data);
    expect(JSON.stringify(fast)).toBe(JSON.stringify(slow.data));
  }
  return slow.success;
}

describe('parseWatchdogChangedFast', () => {
  it('accepts what the schema accepts, as the same value, on generated events', () => {
    const r = random(20261127);
    let accepted = 0;
    for (let i = 0; i < 3_000; i++) if (expectSameAnswer(event(r), `event ${i}`)) accepted++;
    // Most generated events are valid; the rest carry a bad time zone, digest time, quiet hours
    // or invitee's address in a delivery or member (parts that go through their zod schemas).
    expect(accepted).toBeGreaterThan(2_400);
  });

  it('refuses what the schema refuses, on mutated events', () => {
    const r = random(7);
    let refused = 0;
    const total = 15_000;
    for (let i = 0; i < total; i++) {
      const original = event(r);
      if (!expectSameAnswer(mutate(r, original), `mutation ${i}`)) refused++;
    }
    // The mutations must actually test refusals, not only harmless changes.
    expect(refused).toBeGreaterThan(total / 3);
  });

  it('refuses data that is not an event, and a watchdog without a place or an area', () => {
    for (const data of [null, undefined, 1, 'x', [], {}, { watchdogId: 'w' }, { watchdogId: 1, watchdog: null }, { watchdog: null }]) expectSameAnswer(data, JSON.stringify(data) ?? 'undefined');
    const r = random(3);
    const valid = event(r) as { watchdog: { criteria: Record<string, unknown> } | null };
    while (valid.watchdog === null) Object.assign(valid, event(r));
    valid.watchdog.criteria.places = [];
    valid.watchdog.criteria.mapArea = null;
    expect(expectSameAnswer(valid, 'nowhere')).toBe(false);
  });

  it('keeps what the replay needs: word terms canonical, defaults filled, unknown keys dropped', () => {
    const data = {
      watchdogId: 'w_1', extra: true,
      watchdog: {
        id: 'w_1', userId: null, email: 'ahoj@example.cz', locale: 'cs', ownerRole: 0, status: 'Active', createdAt: '2026-11-27T04:00:00Z', updatedAt: '2026-11-27T04:00:00Z',
        expiresAt: null, lastEmailAt: null, sentCount: 0, secret: 'x',
        criteria: { adTypes: ['Sale'], realEstateTypes: ['House'], places: [{ kind: 'municipality', code: '1', name: 'Kolín' }], words: { any: ['Zahrada*', 'sklep', 'SKLEP'] } },
      },
    };
    const parsed = parseWatchdogChangedFast(data)!;
    expect(parsed).toStrictEqual(WatchdogChangedV1.parse(data));
    expect(parsed.watchdog!.criteria.words).toEqual({ any: ['sklep', 'zahrada*'], none: [] });
    expect(parsed.watchdog!.criteria.places[0].radiusKm).toBe(0);
    expect(parsed.watchdog!.adsConsent).toBe(false);
    expect('secret' in parsed.watchdog!).toBe(false);
  });
});

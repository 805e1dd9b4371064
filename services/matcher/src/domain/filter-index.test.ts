import { AD_TYPES, DISPOSITION_LABELS, HOUSE_TYPES, LAND_TYPES, REAL_ESTATE_TYPES, TERRACE_TYPES, WatchdogCriteria, matchesCriteria, type Offer, type WatchdogCriteriaInput, type WatchdogPlace } from '@rr/proto';
import { exampleOffer } from '@rr/proto/examples';
import { NARROW_CODE_SHIFT } from './entry-flags';
import { FilterIndex } from './filter-index';
import { WordFilter } from './word-filter';
import { OPEN_TOP, packRange } from './entry-rows';
import { MAX_PRICE_CODE, NO_LOWER, NO_UPPER, packPrices, priceCodeDown, priceCodeUp, priceOf } from './price-codes';
import { cellsAround, cellsOf, subcellOf } from './keys';

const criteria = (overrides: Partial<WatchdogCriteriaInput> = {}): WatchdogCriteria =>
  WatchdogCriteria.parse({ adTypes: ['Sale'], realEstateTypes: ['Apartment'], places: [{ kind: 'municipality', code: '554782', name: 'Praha' }], ...overrides });
const offer = (overrides: Partial<Offer> = {}): Offer => ({ ...exampleOffer, ...overrides });
const indexOf = (entries: Record<string, WatchdogCriteria>) => {
  const index = new FilterIndex();
  for (const [id, c] of Object.entries(entries)) index.add(id, c);
  return index;
};

/** A tiny deterministic random source, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => ((s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0) / 2 ** 32);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  const some = <T>(xs: readonly T[], p: number): T[] => xs.filter(() => next() < p);
  const maybe = <T>(p: number, v: () => T): T | null => (next() < p ? v() : null);
  return { next, pick, some, maybe };
}

const PLACES = [
  { regionCode: 'CZ010', districtCode: 'CZ0100', municipalityCode: '554782', pragueDistrictCode: 'PRAHA-8', point: { lat: 50.1162, lon: 14.4236 } },
  { regionCode: 'CZ010', districtCode: 'CZ0100', municipalityCode: '554782', pragueDistrictCode: 'PRAHA-4', point: { lat: 50.0318, lon: 14.4453 } },
  { regionCode: 'CZ020', districtCode: 'CZ0209', municipalityCode: '538132', pragueDistrictCode: null, point: { lat: 50.0111, lon: 14.5218 } },
  { regionCode: 'CZ020', districtCode: 'CZ0203', municipalityCode: '533165', pragueDistrictCode: null, point: { lat: 50.1435, lon: 14.1000 } },
  { regionCode: 'CZ064', districtCode: 'CZ0642', municipalityCode: '582786', pragueDistrictCode: null, point: { lat: 49.1951, lon: 16.6068 } },
  { regionCode: 'CZ064', districtCode: 'CZ0643', municipalityCode: '583413', pragueDistrictCode: null, point: { lat: 49.2389, lon: 16.5497 } },
  { regionCode: 'CZ080', districtCode: 'CZ0806', municipalityCode: '554821', pragueDistrictCode: null, point: { lat: 49.8347, lon: 18.2820 } },
];

function randomPlace(r: ReturnType<typeof random>): WatchdogPlace {
  const p = r.pick(PLACES);
  const kind = r.pick(['region', 'district', 'municipality', 'pragueDistrict'] as const);
  const code = kind === 'region' ? p.regionCode : kind === 'district' ? p.districtCode : kind === 'municipality' ? p.municipalityCode : p.pragueDistrictCode ?? 'PRAHA-1';
  const jitter = { lat: p.point.lat + (r.next() - 0.5) * 0.1, lon: p.point.lon + (r.next() - 0.5) * 0.1 };
  return { kind, code, name: code, point: r.next() < 0.9 ? jitter : null, radiusKm: r.pick([0, 0, 2, 5, 12, 30, 80]) };
}

const range = (r: ReturnType<typeof random>, scale: number) => {
  const a = r.maybe(0.4, () => Math.round(r.next() * scale));
  const b = r.maybe(0.5, () => Math.round(r.next() * scale * 2));
  return a != null && b != null && a > b ? { from: b, to: a } : { from: a, to: b };
};

function randomCriteria(r: ReturnType<typeof random>): WatchdogCriteria {
  return WatchdogCriteria.parse({
    adTypes: [r.pick(AD_TYPES), ...r.some(AD_TYPES, 0.15)],
    realEstateTypes: [r.pick(REAL_ESTATE_TYPES), ...r.some(REAL_ESTATE_TYPES, 0.15)],
    dispositions: r.some(DISPOSITION_LABELS, 0.12),
    area: range(r, 100), price: range(r, 8_000_000), pricePerM2: r.next() < 0.2 ? range(r, 100_000) : {},
    landArea: r.next() < 0.3 ? range(r, 1500) : {}, beds: r.next() < 0.2 ? range(r, 4) : {},
    landTypes: r.some(LAND_TYPES, 0.2), houseTypes: r.some(HOUSE_TYPES, 0.2), terraceTypes: r.some(TERRACE_TYPES, 0.2),
    elevatorOnly: r.next() < 0.2, includeWithoutPrice: r.next() < 0.6,
    places: Array.from({ length: 1 + Math.floor(r.next() * 3) }, () => randomPlace(r)),
    seller: r.next() < 0.8 ? 'any' : r.pick(['private', 'agency'] as const),
  });
}

function randomOffer(r: ReturnType<typeof random>, i: number): Offer {
  const p = r.pick(PLACES);
  const price = r.maybe(0.85, () => Math.round(r.next() * 12_000_000));
  const area = r.maybe(0.9, () => Math.round(r.next() * 150));
  return offer({
    id: `o${i}`,
    adType: r.pick(AD_TYPES), realEstateType: r.pick(REAL_ESTATE_TYPES), dispositionLabel: r.maybe(0.85, () => r.pick(DISPOSITION_LABELS)),
    price, area, pricePerM2: r.next() < 0.5 && price != null && area ? Math.round(price / area) : null,
    landArea: r.maybe(0.5, () => Math.round(r.next() * 2000)), beds: r.maybe(0.3, () => Math.floor(r.next() * 6)),
    landType: r.maybe(0.7, () => r.pick(LAND_TYPES)), houseType: r.maybe(0.7, () => r.pick(HOUSE_TYPES)),
    elevator: r.maybe(0.7, () => r.next() < 0.5), terraceTypes: r.some(TERRACE_TYPES, 0.3),
    privateSeller: r.maybe(0.8, () => r.next() < 0.4),
    location: {
      name: 'x', regionCode: p.regionCode, districtCode: r.next() < 0.9 ? p.districtCode : null, municipalityCode: r.next() < 0.9 ? p.municipalityCode : null,
      pragueDistrictCode: p.pragueDistrictCode, resolvedBy: 'gps',
      point: r.next() < 0.9 ? { lat: p.point.lat + (r.next() - 0.5) * 0.8, lon: p.point.lon + (r.next() - 0.5) * 1.2 } : null,
    },
  });
}

describe('FilterIndex', () => {
  it('answers exactly like matchesCriteria for random watchdogs and offers', () => {
    const r = random(42);
    const all = new Map<string, WatchdogCriteria>();
    const index = new FilterIndex();
    for (let i = 0; i < 3000; i++) {
      const c = randomCriteria(r);
      all.set(`w${i}`, c);
      index.add(`w${i}`, c);
    }
    index.seal();
    let matches = 0;
    for (let i = 0; i < 600; i++) {
      const o = randomOffer(r, i);
      const expected = [...all].filter(([, c]) => matchesCriteria(c, o)).map(([id]) => id).sort();
      expect({ offer: i, ids: index.match(o).sort() }).toEqual({ offer: i, ids: expected });
      matches += expected.length;
    }
    expect(matches).toBeGreaterThan(500);
  });

  it('asks the narrowing only about candidates with words that passed everything else, and then answers like matchesCriteria', () => {
    const r = random(5);
    const terms = ['balkon*', 'sklep', 'garaz*', 'drazb*', 'cihl*'];
    const texts = ['Byt s balkonem', 'Sklep a garáž', 'Dražba bytu se sklepem, cihla', ''];
    const all = new Map<string, WatchdogCriteria>();
    const idOf: string[] = [];
    const words = new WordFilter();
    const index = new FilterIndex({ narrowCodeOf: (c) => words.codeOf(c.words) });
    const codedSlots = new Set<number>();
    for (let i = 0; i < 3000; i++) {
      const c = { ...randomCriteria(r), words: r.next() < 0.3 ? { any: r.some(terms, 0.3), none: r.some(terms, 0.15) } : { any: [], none: [] } };
      all.set(`w${i}`, c);
      const slot = index.add(`w${i}`, c);
      idOf[slot] = `w${i}`;
      words.set(slot, c.words);
      if (words.codeOf(c.words) > 0) codedSlots.add(slot);
    }
    index.seal();
    let narrowed = 0;
    let decidedByCode = 0;
    for (let i = 0; i < 500; i++) {
      const o = { ...randomOffer(r, i), description: r.pick(texts) };
      const asked: number[] = [];
      words.begin(o);
      const count = index.matchSlots(o, {
        codeVerdicts: () => words.codeVerdicts(),
        decide: (slots, metas, n, verdicts) => {
          asked.push(...slots.subarray(0, n));
          // A criterion with a short code is settled in the walk, never asked about.
          expect(metas.subarray(0, n).every((meta) => meta >>> NARROW_CODE_SHIFT === 0)).toBe(true);
          words.decide(slots, metas, n, verdicts);
        },
      });
      const ids = Array.from(index.slots.subarray(0, count), (slot) => idOf[slot]).sort();
      expect({ offer: i, ids }).toEqual({ offer: i, ids: [...all].filter(([, c]) => matchesCriteria(c, o)).map(([id]) => id).sort() });
      expect(asked.every((slot) => words.has(slot))).toBe(true);
      expect(new Set(asked).size).toBe(asked.length);
      narrowed += asked.length;
      decidedByCode += ids.filter((id) => codedSlots.has(idOf.indexOf(id))).length;
    }
    // Both ways to a criterion are taken: the row's code (the first 127 criteria) and the slot table.
    expect(narrowed).toBeGreaterThan(100);
    expect(decidedByCode).toBeGreaterThan(100);
  });

  it('stays exact while watchdogs are replaced and removed between lookups', () => {
    const r = random(7);
    const all = new Map<string, WatchdogCriteria>();
    const index = new FilterIndex();
    for (let step = 0; step < 4000; step++) {
      const id = `w${Math.floor(r.next() * 400)}`;
      if (all.has(id)) index.remove(id);
      if (r.next() < 0.25) {
        all.delete(id);
      } else {
        const c = randomCriteria(r);
        all.set(id, c);
        index.add(id, c);
      }
      if (step === 1000) index.seal();
      if (step % 10 === 0) {
        const o = randomOffer(r, step);
        const expected = [...all].filter(([, c]) => matchesCriteria(c, o)).map(([id]) => id).sort();
        expect({ step, ids: index.match(o).sort() }).toEqual({ step, ids: expected });
      }
    }
    expect(index.size).toBe(all.size);
  });

  it('stays exact where bounds and values do not fit the rows (price codes, 16-bit areas), at and beside every bound', () => {
    const r = random(99);
    // Values around awkward numbers: more digits than a price code holds, the seams between its
    // decades, fractions, tiny and huge ones, 0, the ends of 16 bits in m² and in hundreds of crowns.
    const awkward = [
      16_777_217, 19_999_999, 25_000_001, 123_456_789.5, 0.1, 55.3, 33_333.33, 1e-7, 3e12, 0, 50, 65_535, 65_536, 6_553_500, 6_553_550,
      4095, 4096, 4099, 4100, 40_955, 40_960, 4_999_000, 4_990_000, 4.095e13, 4.1e13,
    ];
    const near = () => {
      const v = r.pick(awkward) * (1 + (r.next() - 0.5) * 1e-6);
      return r.pick([v, Math.fround(v), v + 1, v - 1, v * (1 + 2 ** -30)]);
    };
    const bounds = () => {
      const a = r.maybe(0.8, () => Math.max(0, near()));
      const b = r.maybe(0.8, () => Math.max(0, near()));
      return a != null && b != null && a > b ? { from: b, to: a } : { from: a, to: b };
    };
    const all = new Map<string, WatchdogCriteria>();
    const index = new FilterIndex();
    for (let i = 0; i < 1500; i++) {
      const c = WatchdogCriteria.parse({ ...randomCriteria(r), price: bounds(), area: bounds(), landArea: bounds(), pricePerM2: r.next() < 0.3 ? bounds() : {} });
      all.set(`w${i}`, c);
      index.add(`w${i}`, c);
      if (i === 1000) index.seal();
    }
    let matches = 0;
    for (let i = 0; i < 400; i++) {
      const base = randomOffer(r, i);
      const o = offer({ ...base, price: r.maybe(0.9, near), area: r.maybe(0.9, near), landArea: r.maybe(0.9, near), pricePerM2: r.maybe(0.3, near) });
      const expected = [...all].filter(([, c]) => matchesCriteria(c, o)).map(([id]) => id).sort();
      expect({ offer: i, ids: index.match(o).sort() }).toEqual({ offer: i, ids: expected });
      matches += expected.length;
    }
    expect(matches).toBeGreaterThan(100);
  });

  it('returns each watchdog once even when several of its places contain the offer', () => {
    const index = indexOf({
      w: criteria({ places: [
        { kind: 'municipality', code: '554782', name: 'Praha' },
        { kind: 'pragueDistrict', code: 'PRAHA-8', name: 'Praha 8', point: { lat: 50.11, lon: 14.42 }, radiusKm: 5 },
        { kind: 'region', code: 'CZ010', name: 'Praha' },
      ] }),
    });
    expect(index.match(offer())).toEqual(['w']);
  });

  it('files watchdogs by offer type, property type and place', () => {
    const index = indexOf({
      sale: criteria(),
      rent: criteria({ adTypes: ['Rent'] }),
      house: criteria({ realEstateTypes: ['House'] }),
      brno: criteria({ places: [{ kind: 'municipality', code: '582786', name: 'Brno' }] }),
    });
    expect(index.match(offer())).toEqual(['sale']);
    expect(index.match(offer({ adType: 'Rent', price: 25_000, pricePerM2: 352 }))).toEqual(['rent']);
  });

  it('finds offers within a radius across grid cells, and not beyond it', () => {
    const brno = { lat: 49.1951, lon: 16.6068 };
    const index = indexOf({ near: criteria({ places: [{ kind: 'municipality', code: '582786', name: 'Brno', point: brno, radiusKm: 10 }] }) });
    const at = (lat: number, lon: number) => offer({ location: { ...exampleOffer.location, municipalityCode: 'x', districtCode: 'x', regionCode: 'x', pragueDistrictCode: null, point: { lat, lon } } });
    expect(index.match(at(49.2840, 16.6068))).toEqual(['near']);
    expect(index.match(at(49.2860, 16.6068))).toEqual([]);
    expect(index.match(at(49.1951, 16.7420))).toEqual(['near']);
    expect(index.match(at(49.1951, 16.7460))).toEqual([]);
  });

  it('matches a place with a radius once: by its code, or else by its circle, before and after sealing', () => {
    const brno = { lat: 49.1951, lon: 16.6068 };
    const place = { kind: 'municipality' as const, code: '582786', name: 'Brno', point: brno, radiusKm: 10 };
    const at = (code: string, lat: number, lon: number) =>
      offer({ location: { ...exampleOffer.location, municipalityCode: code, districtCode: 'x', regionCode: 'x', pragueDistrictCode: null, point: { lat, lon } } });
    const index = indexOf({ bulk: criteria({ places: [place] }) });
    index.seal();
    index.add('later', criteria({ places: [place] }));
    // In Brno by code and within the radius; by code only (point far away); by the radius only.
    expect(index.match(at('582786', 49.2, 16.61)).sort()).toEqual(['bulk', 'later']);
    expect(index.match(at('582786', 50.5, 14.0)).sort()).toEqual(['bulk', 'later']);
    expect(index.match(at('583413', 49.23, 16.55)).sort()).toEqual(['bulk', 'later']);
    expect(index.match(at('583413', 49.5, 16.55))).toEqual([]);
  });

  it('keeps the layouts of watchdogs found through a circle', () => {
    const place = { kind: 'municipality' as const, code: '582786', name: 'Brno', point: { lat: 49.1951, lon: 16.6068 }, radiusKm: 10 };
    const index = indexOf({ twoRooms: criteria({ places: [place], dispositions: ['2+kk'] }), any: criteria({ places: [place] }) });
    index.add('threeRooms', criteria({ places: [place], dispositions: ['3+kk', '3+1'] }));
    const near = (dispositionLabel: Offer['dispositionLabel']) =>
      offer({ dispositionLabel, location: { ...exampleOffer.location, municipalityCode: '583413', districtCode: 'x', regionCode: 'x', pragueDistrictCode: null, point: { lat: 49.23, lon: 16.55 } } });
    expect(index.match(near('2+kk')).sort()).toEqual(['any', 'twoRooms']);
    expect(index.match(near('3+1')).sort()).toEqual(['any', 'threeRooms']);
    expect(index.match(near(null))).toEqual(['any']);
  });

  it('keeps offers without a price for watchdogs that include them', () => {
    const index = indexOf({ yes: criteria({ price: { to: 1 } }), no: criteria({ includeWithoutPrice: false }) });
    expect(index.match(offer({ price: null, pricePerM2: null }))).toEqual(['yes']);
    expect(index.match(offer())).toEqual(['no']);
  });

  it('walks only the price range that can contain the offer price, inclusive at both ends', () => {
    const index = indexOf({
      exact: criteria({ price: { from: 8_490_000, to: 8_490_000 } }),
      below: criteria({ price: { to: 8_489_999 } }),
      above: criteria({ price: { from: 8_490_001 } }),
      open: criteria({ price: {} }),
      wide: criteria({ price: { from: 1_000, to: 90_000_000 } }),
    });
    expect(index.match(offer()).sort()).toEqual(['exact', 'open', 'wide']);
  });

  it('stays exact for crowded buckets: long groups without a lower bound, many chunks, tied bounds', () => {
    // One place, one type: the bulk build sorts hundreds of rows per group (the insertion and the native paths).
    const r = random(77);
    const bound = () => r.pick([1_000_000, 2_000_000, 2_500_000, 3_000_000]) + (r.next() < 0.5 ? Math.round(r.next() * 40) * 50_000 : 0);
    const index = new FilterIndex();
    const all: Array<[string, WatchdogCriteria]> = [];
    for (let i = 0; i < 900; i++) {
      const kind = r.pick(['upper', 'lower', 'both', 'both']);
      const [a, b] = [bound(), bound()].sort((x, y) => x - y);
      const price = kind === 'upper' ? { to: b } : kind === 'lower' ? { from: a } : { from: a, to: b };
      const c = criteria({ price, includeWithoutPrice: r.next() < 0.3 });
      all.push([`w${i}`, c]);
      index.add(`w${i}`, c);
    }
    index.seal();
    for (let price = 900_000; price <= 5_200_000; price += 50_000) {
      const o = offer({ price, pricePerM2: null });
      expect(index.match(o).sort()).toEqual(all.filter(([, c]) => matchesCriteria(c, o)).map(([id]) => id).sort());
    }
  });

  it('stays exact in a crowded bucket whose two facets one walk reads: floor-area and price bounds, priced and unpriced offers', () => {
    // One place, one type: a priced offer walks both facets' groups as one run, stepping from one to the next.
    const r = random(91);
    const areaBounds = [0, 1, 39, 40, 41, 59, 60, 61, 79, 80, 109, 110, 111, 250];
    const bound = () => r.pick([1_000_000, 2_000_000, 3_000_000]) + Math.round(r.next() * 40) * 50_000;
    const index = new FilterIndex();
    const all: Array<[string, WatchdogCriteria]> = [];
    for (let i = 0; i < 1500; i++) {
      const [a, b] = [bound(), bound()].sort((x, y) => x - y);
      const kind = r.pick(['upper', 'lower', 'both', 'both', 'none']);
      const price = kind === 'upper' ? { to: b } : kind === 'lower' ? { from: a } : kind === 'both' ? { from: a, to: b } : {};
      const from = r.maybe(0.8, () => r.pick(areaBounds));
      const area = { from, to: from != null && r.next() < 0.4 ? from + r.pick([0, 1, 20, 60]) : null };
      const c = criteria({ price, area, includeWithoutPrice: r.next() < 0.5 });
      all.push([`w${i}`, c]);
      index.add(`w${i}`, c);
    }
    index.seal();
    const areas = [null, 0, 0.5, 38.9, 39, 40, 40.5, 59, 60, 79.99, 80, 109, 110, 111, 180, 300];
    for (const area of areas) {
      for (const price of [null, 900_000, 1_500_000, 2_600_000, 3_000_000, 5_200_000]) {
        const o = offer({ price, area, pricePerM2: null });
        expect({ area, price, ids: index.match(o).sort() }).toEqual({ area, price, ids: all.filter(([, c]) => matchesCriteria(c, o)).map(([id]) => id).sort() });
      }
    }
  });

  it('forgets removed watchdogs and takes changed ones, before and after sealing', () => {
    const index = indexOf({ a: criteria(), b: criteria() });
    index.seal();
    index.remove('a');
    index.remove('b');
    index.add('b', criteria({ adTypes: ['Rent'] }));
    index.add('c', criteria());
    expect(index.match(offer())).toEqual(['c']);
    expect(index.size).toBe(2);
    expect(index.has('a')).toBe(false);
  });

  it('refuses to add a watchdog twice', () => {
    const index = indexOf({ a: criteria() });
    expect(() => index.add('a', criteria())).toThrow('already in the index');
  });

  it('asks for a rebuild after much churn', () => {
    const index = new FilterIndex();
    for (let i = 0; i < 1000; i++) index.add(`w${i}`, criteria());
    index.seal();
    expect(index.needsRebuild).toBe(false);
    for (let i = 0; i < 60_000; i++) index.add(`n${i}`, criteria());
    expect(index.needsRebuild).toBe(true);
  });
});

describe('index keys', () => {
  it('codes prices in their order, rounding outwards to the nearest codes and keeping round ones exact', () => {
    for (let code = NO_LOWER; code < MAX_PRICE_CODE; code++) expect(priceOf(code + 1)).toBeGreaterThan(priceOf(code));
    for (let code = 1; code <= MAX_PRICE_CODE; code++) expect([priceCodeDown(priceOf(code)), priceCodeUp(priceOf(code))]).toEqual([code, code]);
    const r = random(11);
    const values = [0, 1, 0.5, -0.5, -1e9, 4095.5, 4096, 4099.99, 40_959.9, 40_960, 8_490_000, 4_999_999, 16_777_217, 4.095e13, 4.0951e13, 1e300, Infinity, -Infinity];
    for (let i = 0; i < 5000; i++) values.push(r.next() * 10 ** Math.floor(r.next() * 15));
    for (const v of values) {
      const down = priceCodeDown(v);
      const up = priceCodeUp(v);
      expect(priceOf(down)).toBeLessThanOrEqual(v);
      expect(priceOf(up)).toBeGreaterThanOrEqual(v);
      // The nearest codes: the next one up is above the value, the next one down below it (codes past the largest value are unused).
      if (down < MAX_PRICE_CODE) expect(priceOf(down + 1)).toBeGreaterThan(v);
      if (up > NO_LOWER + 1) expect(priceOf(up === NO_UPPER ? MAX_PRICE_CODE : up - 1)).toBeLessThan(v);
    }
    for (const [from, to] of [[12_000, 25_000], [3_990_000, 4_500_000], [0, 40_000_000], [-Infinity, 1_250_000], [7_000_000, Infinity]]) {
      expect(packPrices(from, to)).toEqual({ packed: priceCodeDown(from) | (priceCodeUp(to) << 16), exact: true });
    }
    expect(packPrices(4_999_999, 5_000_001).exact).toBe(false);
    expect(packPrices(-Infinity, Infinity)).toEqual({ packed: NO_LOWER | (NO_UPPER << 16), exact: true });
  });

  it('packs ranges into 16-bit whole units rounded outwards, exact only where nothing was rounded', () => {
    const unpack = (packed: number) => [packed & 0xffff, packed >>> 16];
    expect(packRange(50, 80, 1)).toEqual({ packed: 50 | (80 << 16), exact: true });
    expect(packRange(-Infinity, Infinity, 1)).toEqual({ packed: (OPEN_TOP << 16) | 0, exact: true });
    expect(packRange(80_000, 120_000, 100)).toEqual({ packed: 800 | (1200 << 16), exact: true });
    expect(packRange(80_050, Infinity, 100)).toEqual({ packed: 800 | (OPEN_TOP << 16), exact: false });
    // 0 is not open: an open lower end takes a negative value, a lower bound of 0 must not.
    expect(packRange(0, 10, 1).exact).toBe(false);
    expect(packRange(55.5, 70.2, 1)).toEqual({ packed: 55 | (71 << 16), exact: false });
    // Past 16 bits: the lower end stops below the cap, the upper one opens.
    expect(unpack(packRange(70_000, 90_000, 1).packed)).toEqual([OPEN_TOP - 1, OPEN_TOP]);
    expect(packRange(70_000, 90_000, 1).exact).toBe(false);
    expect(packRange(10, 65_535, 1).exact).toBe(false);
    expect(packRange(10, 65_534, 1).exact).toBe(true);
  });

  it('covers the cell and sub-cell of every point within the radius, the edge included', () => {
    const r = random(3);
    for (let i = 0; i < 4000; i++) {
      const center = { lat: 48.5 + r.next() * 3, lon: 12 + r.next() * 7 };
      const radius = r.pick([1, 5, 5.6, 10, 22, 25, 25.5, 50, 100]);
      const bearing = r.next() * 2 * Math.PI;
      const d = (radius * (i % 2 === 0 ? r.next() : 1 - r.next() * 1e-9)) / 6371.0088;
      const lat1 = (center.lat * Math.PI) / 180;
      const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing));
      const lon2 = (center.lon * Math.PI) / 180 + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
      const point = { lat: (lat2 * 180) / Math.PI, lon: (lon2 * 180) / Math.PI };
      const around = cellsAround(center, radius);
      const reached = cellsOf(point).some((cell, level) => around.some((c) => c.cell === cell && (c.subcells & (1 << subcellOf(point, level))) !== 0));
      expect(reached).toBe(true);
    }
  });

  it('leaves out the sub-cells a circle cannot reach', () => {
    // A 3 km circle reaches a minority of the 16 sub-cells (about 4 km square) of the cells it touches.
    for (const center of [{ lat: 50.0835, lon: 14.4342 }, { lat: 49.1951, lon: 16.6068 }]) {
      const around = cellsAround(center, 3);
      const reached = around.reduce((sum, c) => sum + popcount(c.subcells), 0);
      expect(reached).toBeGreaterThanOrEqual(4);
      expect(reached).toBeLessThan(around.length * 16 / 2);
    }
  });

  it('keeps a circle in Czechia to at most 4 × 4 cells, and a small one to at most 2 × 2', () => {
    for (const lat of [48.6, 50.08, 51]) {
      for (const radius of [0.5, 5, 20, 25, 26, 50, 100]) expect(cellsAround({ lat, lon: 14.43 }, radius).length).toBeLessThanOrEqual(16);
      for (const radius of [0.5, 3, 5]) expect(cellsAround({ lat, lon: 14.43 }, radius).length).toBeLessThanOrEqual(4);
    }
  });
});

function popcount(bits: number): number {
  let n = 0;
  for (let b = bits; b !== 0; b &= b - 1) n++;
  return n;
}

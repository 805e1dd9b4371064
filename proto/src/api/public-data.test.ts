import { teaserOf } from '../domain/offer-access';
import { exampleOffer } from '../examples';
import { matchesCriteria } from '../domain/criteria-match';
import { PRAGUE } from '../domain/prague';
import { WatchdogCriteria, WatchdogCriteriaFields } from '../domain/watchdog';
import { RealEstateQuery, SEARCH_LIMITS, criteriaOfSearch, indexedPlaceOf, offerHistoryOf, realEstateOf, searchPlacesOf } from './public-data';

describe('public views of an offer', () => {
  it('lists price changes oldest first with the difference from the price before', () => {
    const offer = {
      ...exampleOffer,
      price: 4_800_000,
      priceHistory: [
        { price: 4_800_000, at: '2026-10-20T10:00:00.000Z' },
        { price: 5_200_000, at: '2026-09-01T10:00:00.000Z' },
        { price: null, at: '2026-10-01T10:00:00.000Z' },
        { price: 4_950_000, at: '2026-10-05T10:00:00.000Z' },
      ],
    };
    expect(offerHistoryOf(offer).priceChanges).toEqual([
      { at: '2026-09-01T10:00:00.000Z', price: 5_200_000, change: null },
      { at: '2026-10-01T10:00:00.000Z', price: null, change: null },
      { at: '2026-10-05T10:00:00.000Z', price: 4_950_000, change: null },
      { at: '2026-10-20T10:00:00.000Z', price: 4_800_000, change: -150_000 },
    ]);
  });

  it('names every portal listing with its own state', () => {
    const second = { ...exampleOffer.sources[0], portal: 'bezrealitky' as const, listingId: 'b-1', active: false };
    const h = offerHistoryOf({ ...exampleOffer, sources: [exampleOffer.sources[0], second] });
    expect(h.sources.map((s) => [s.portal, s.active])).toEqual([[exampleOffer.sources[0].portal, exampleOffer.sources[0].active], ['bezrealitky', false]]);
    expect(h).toMatchObject({ id: exampleOffer.id, foundAt: exampleOffer.foundAt, active: exampleOffer.active });
  });

  it('lists a non-public offer\'s teaser without price, links or contact', () => {
    const hidden = teaserOf({ ...exampleOffer, nonPublic: true, contactPerson: 'Jan Novák' });
    expect(realEstateOf(hidden)).toMatchObject({ price: null, url: '', contact: { person: null, listings: [] }, nonPublic: true });
    expect(offerHistoryOf(hidden)).toMatchObject({ sources: [], priceChanges: [] });
    expect(realEstateOf({ ...exampleOffer, contactPerson: 'Jan Novák' }).contact).toEqual({ person: 'Jan Novák', listings: exampleOffer.sources.map((s) => ({ portal: s.portal, url: s.url })) });
  });
});

describe('the real-estate search as watchdog criteria', () => {
  const query = (q: Record<string, string>) => RealEstateQuery.parse({ placeKind: 'municipality', placeCode: exampleOffer.location.municipalityCode, adType: exampleOffer.adType, realEstateType: exampleOffer.realEstateType, ...q });
  const resolved = (q: RealEstateQuery) => searchPlacesOf(q).map((p) => ({ ...p, name: p.code, point: null }));
  const lists = (q: Record<string, string>, offer = exampleOffer) => { const parsed = query(q); return matchesCriteria(criteriaOfSearch(parsed, resolved(parsed)), offer); };

  it('lists what a watchdog with the same place, layouts, price and area would alert', () => {
    expect(lists({})).toBe(true);
    expect(lists({ dispositions: `${exampleOffer.dispositionLabel},4+1` })).toBe(true);
    expect(lists({ dispositions: '4+1' })).toBe(false);
    expect(lists({ priceTo: String(exampleOffer.price! - 1) })).toBe(false);
    expect(lists({ priceFrom: String(exampleOffer.price!) })).toBe(true);
    expect(lists({ areaFrom: String(exampleOffer.area! + 1) })).toBe(false);
    expect(lists({ placeCode: '999999' })).toBe(false);
  });

  it('lists offers without a price unless asked not to', () => {
    const noPrice = { ...exampleOffer, price: null, pricePerM2: null };
    expect(lists({ priceTo: '1000' }, noPrice)).toBe(true);
    expect(lists({ priceTo: '1000', includeWithoutPrice: 'false' }, noPrice)).toBe(false);
  });

  it('walks a Prague district in Prague\'s municipality index and refuses bad ranges and unknown parameters', () => {
    expect(indexedPlaceOf('pragueDistrict', 'PRAHA-5')).toEqual({ field: 'municipalityCode', code: PRAGUE.municipalityCode });
    expect(indexedPlaceOf('district', 'CZ0642')).toEqual({ field: 'districtCode', code: 'CZ0642' });
    expect(RealEstateQuery.safeParse({ placeKind: 'region', placeCode: 'CZ064', priceFrom: '5', priceTo: '1' }).success).toBe(false);
    expect(RealEstateQuery.safeParse({ placeKind: 'region', placeCode: 'CZ064', colour: 'red' }).success).toBe(false);
    expect(RealEstateQuery.safeParse({ placeKind: 'region', placeCode: 'CZ064', cursor: 'x' }).success).toBe(false);
  });

  it('derives every criterion the search does not ask about from the watchdog schema\'s defaults', () => {
    const q = query({ dispositions: '2+kk', priceTo: '5000000' });
    const criteria = criteriaOfSearch(q, resolved(q));
    // Every field of the schema is there, and the whole is a watchdog's criteria as the schema makes them.
    expect(Object.keys(criteria).sort()).toEqual(Object.keys(WatchdogCriteriaFields.shape).sort());
    expect(WatchdogCriteria.parse(criteria)).toEqual(criteria);
    const defaults = WatchdogCriteria.parse({ adTypes: ['Sale'], realEstateTypes: ['Apartment'], places: criteria.places });
    const asked = ['adTypes', 'realEstateTypes', 'places', 'dispositions', 'area', 'price', 'includeWithoutPrice'];
    for (const key of Object.keys(WatchdogCriteriaFields.shape).filter((k) => !asked.includes(k))) {
      expect([key, criteria[key as keyof WatchdogCriteria]]).toEqual([key, defaults[key as keyof WatchdogCriteria]]);
    }
    expect(criteria).toMatchObject({ dispositions: ['2+kk'], price: { from: null, to: 5_000_000 }, adTypes: [exampleOffer.adType] });
  });
});

describe('the places of a search', () => {
  const parse = (q: Record<string, string>) => RealEstateQuery.safeParse(q);
  const fieldsOf = (q: Record<string, string>) => {
    const r = parse(q);
    if (r.success) throw new Error('parsed');
    return r.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('reads several places of every kind and a radius around a municipality or a Prague district', () => {
    const q = RealEstateQuery.parse({ places: 'region:CZ064,district:CZ0642,municipality:582786:10,pragueDistrict:PRAHA-8:2.5' });
    expect(searchPlacesOf(q)).toEqual([
      { kind: 'region', code: 'CZ064', radiusKm: 0 }, { kind: 'district', code: 'CZ0642', radiusKm: 0 },
      { kind: 'municipality', code: '582786', radiusKm: 10 }, { kind: 'pragueDistrict', code: 'PRAHA-8', radiusKm: 2.5 },
    ]);
    // One place the old way is one place without a radius.
    expect(searchPlacesOf(RealEstateQuery.parse({ placeKind: 'district', placeCode: 'CZ0642' }))).toEqual([{ kind: 'district', code: 'CZ0642', radiusKm: 0 }]);
  });

  it('refuses too many places, a radius too big or around an area, a malformed place, and both ways of naming places at once', () => {
    const many = Array.from({ length: SEARCH_LIMITS.places + 1 }, (_, i) => `municipality:${500000 + i}`).join(',');
    expect(fieldsOf({ places: many })).toEqual([['places', `at most ${SEARCH_LIMITS.places} places`]]);
    expect(fieldsOf({ places: `municipality:582786:${SEARCH_LIMITS.radiusKm + 1}` })).toEqual([['places.0', `a radius is at most ${SEARCH_LIMITS.radiusKm} km`]]);
    expect(fieldsOf({ places: 'region:CZ064:5' })[0]).toEqual(['places.0', 'a radius is drawn around a municipality or a Prague district, not a region']);
    expect(fieldsOf({ places: 'municipality:582786,town:Brno' })[0]).toEqual(['places.1', expect.stringContaining('is not kind:code')]);
    expect(fieldsOf({ places: '' })[0]).toEqual(['places', 'name at least one place']);
    expect(fieldsOf({ places: 'municipality:582786', placeKind: 'region', placeCode: 'CZ064' })[0][0]).toBe('places');
    expect(fieldsOf({})[0][0]).toBe('places');
    expect(fieldsOf({ placeKind: 'region' })[0][0]).toBe('placeCode');
  });

  it('takes a cursor that ends at an instant (every offer found then already read)', () => {
    expect(parse({ places: 'municipality:582786', cursor: '1764000000000~' }).success).toBe(true);
    expect(parse({ places: 'municipality:582786', cursor: '1764000000000~of_ab-1' }).success).toBe(true);
    expect(parse({ places: 'municipality:582786', cursor: '~of_ab' }).success).toBe(false);
  });
});

import { teaserOf } from '../domain/offer-access';
import { exampleOffer } from '../examples';
import { matchesCriteria } from '../domain/criteria-match';
import { PRAGUE } from '../domain/prague';
import { RealEstateQuery, criteriaOfSearch, indexedPlaceOf, offerHistoryOf, realEstateOf } from './public-data';

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
  const lists = (q: Record<string, string>, offer = exampleOffer) => matchesCriteria(criteriaOfSearch(query(q)), offer);

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
});

import { TargetIndex, matchesOffer, type OfferContext, type Targeting } from './targeting';

const any: Targeting = { regions: [], districts: [], adTypes: [], realEstateTypes: [] };
const brnoFlatSale: OfferContext = { regionCode: 'CZ064', districtCode: 'CZ0642', adType: 'Sale', realEstateType: 'Apartment' };
const prahaHouseRent: OfferContext = { regionCode: 'CZ010', districtCode: 'CZ0100', adType: 'Rent', realEstateType: 'House' };

describe('targeting', () => {
  it('matches a nationwide campaign of any type everywhere', () => {
    expect(matchesOffer(any, brnoFlatSale)).toBe(true);
  });

  it('matches by region or by district, and by offer and property type', () => {
    expect(matchesOffer({ ...any, regions: ['CZ064'] }, brnoFlatSale)).toBe(true);
    expect(matchesOffer({ ...any, districts: ['CZ0642'] }, brnoFlatSale)).toBe(true);
    expect(matchesOffer({ ...any, regions: ['CZ010'] }, brnoFlatSale)).toBe(false);
    expect(matchesOffer({ ...any, adTypes: ['Rent'] }, brnoFlatSale)).toBe(false);
    expect(matchesOffer({ ...any, realEstateTypes: ['Apartment'], adTypes: ['Sale'] }, brnoFlatSale)).toBe(true);
    expect(matchesOffer({ ...any, realEstateTypes: ['House'] }, brnoFlatSale)).toBe(false);
  });

  it('does not place an offer without a resolved place in a regional campaign', () => {
    expect(matchesOffer({ ...any, regions: ['CZ064'] }, { ...brnoFlatSale, regionCode: null, districtCode: null })).toBe(false);
  });

  it('offers from the index only the campaigns of the e-mail places, each once', () => {
    const index = new TargetIndex([
      { id: 'national', targeting: any },
      { id: 'brno', targeting: { ...any, regions: ['CZ064'], districts: ['CZ0642'] } },
      { id: 'praha-rent', targeting: { ...any, regions: ['CZ010'], adTypes: ['Rent'] } },
      { id: 'praha-sale', targeting: { ...any, regions: ['CZ010'], adTypes: ['Sale'] } },
    ]);
    expect(index.candidates([brnoFlatSale]).map((c) => c.id).sort()).toEqual(['brno', 'national']);
    expect(index.candidates([brnoFlatSale, prahaHouseRent]).map((c) => c.id).sort()).toEqual(['brno', 'national', 'praha-rent']);
  });
});

import { SellerCriterion, sellerAllows, sellerContains, sellerOfListings } from './criteria-seller';
import { WatchdogCriteria } from './watchdog';

describe('seller criterion', () => {
  it('lets private offers through private-only, agency offers through agency-only, and everything through any', () => {
    const table = (['any', 'private', 'agency'] as const).map((choice) => [choice, [true, false, null].map((s) => sellerAllows(choice, s))]);
    expect(table).toEqual([
      ['any', [true, true, true]],
      ['private', [true, false, false]],
      ['agency', [false, true, false]],
    ]);
    expect(sellerAllows(undefined, null)).toBe(true);
  });

  it('contains a choice in any, and in itself only', () => {
    expect(sellerContains('any', 'private')).toBe(true);
    expect(sellerContains('any', 'agency')).toBe(true);
    expect(sellerContains('private', 'private')).toBe(true);
    expect(sellerContains('private', 'any')).toBe(false);
    expect(sellerContains('agency', 'private')).toBe(false);
    expect(sellerContains(undefined, 'agency')).toBe(true);
    expect(sellerContains('agency', undefined)).toBe(false);
  });

  it('makes a property an agency one as soon as one of its listings is, private only when the telling listings agree', () => {
    expect(sellerOfListings([null, true, false])).toBe(false);
    expect(sellerOfListings([true, null])).toBe(true);
    expect(sellerOfListings([null, undefined])).toBeNull();
    expect(sellerOfListings([])).toBeNull();
  });

  it('defaults to any and refuses other values', () => {
    const base = { adTypes: ['Sale'], realEstateTypes: ['Apartment'], places: [{ kind: 'municipality', code: '554782', name: 'Praha' }] };
    expect(WatchdogCriteria.parse(base).seller).toBe('any');
    expect(SellerCriterion.safeParse('owner').success).toBe(false);
  });
});

import { withoutPriceHistory } from '@rr/proto';
import { exampleOffer } from '@rr/proto/examples';
import { cheapestTierWith, offerPitch } from './offer-pitch';

const at = '2026-10-01T08:00:00.000Z';
const offer = (prices: number[], nonPublic = false) => ({ createdAt: at, nonPublic, priceHistory: prices.map((price) => ({ price, at })) });

describe('what a subscription adds for one offer', () => {
  it('takes the cheapest tier of each feature from the entitlement table', () => {
    expect(cheapestTierWith('priceDrops')).toBe('MINI');
    expect(cheapestTierWith('priceHistory')).toBe('STANDARD');
    expect(cheapestTierWith('nonPublic')).toBe('STANDARD');
  });

  it('tells a free user how often the price changed and offers the tier that shows all of it', () => {
    const pitch = offerPitch(offer([5_490_000, 5_200_000, 4_990_000]), 1);
    expect(pitch).toMatchObject({ priceChanges: 2, dropSinceFirst: 500_000, suggested: 'STANDARD' });
    expect(pitch.features.map((f) => [f.feature, f.tier, f.owned])).toEqual([['priceHistory', 'STANDARD', false], ['priceDrops', 'MINI', false]]);
  });

  it('tells the same from the summary the API gives below Standard instead of the history', () => {
    const locked = withoutPriceHistory({ ...exampleOffer, ...offer([5_490_000, 5_200_000, 4_990_000]) });
    expect(locked.priceHistory).toHaveLength(1);
    expect(offerPitch(locked, 1)).toMatchObject({ priceChanges: 2, dropSinceFirst: 500_000, suggested: 'STANDARD' });
  });

  it('adds the full detail of a non-public offer, and no drop when the price went up', () => {
    const pitch = offerPitch(offer([4_990_000, 5_100_000], true), null);
    expect(pitch.dropSinceFirst).toBeNull();
    expect(pitch.features.map((f) => f.feature)).toEqual(['priceHistory', 'priceDrops', 'nonPublic']);
  });

  it('marks what the tier already has: Mini owns drops and is offered Standard; Standard is offered nothing', () => {
    const mini = offerPitch(offer([1, 1]), 3);
    expect(mini.features.find((f) => f.feature === 'priceDrops')?.owned).toBe(true);
    expect(mini.suggested).toBe('STANDARD');
    expect(offerPitch(offer([1]), 5)).toMatchObject({ priceChanges: 0, suggested: null });
  });
});

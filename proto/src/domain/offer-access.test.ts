import { exampleOffer } from '../examples';
import { ROLES } from './roles';
import { offerAccessOf, offerFor, withoutPriceHistory } from './offer-access';

describe('non-public offers', () => {
  const hidden = { ...exampleOffer, nonPublic: true };

  it('shows public offers in full to everyone', () => {
    expect(offerAccessOf(exampleOffer, null)).toBe('full');
    expect(offerFor(exampleOffer, null)).toEqual(exampleOffer);
  });

  it('shows a non-public offer in full from Standard up, a teaser below', () => {
    expect([null, ROLES.USER, ROLES.MINI].map((r) => offerAccessOf(hidden, r))).toEqual(['teaser', 'teaser', 'teaser']);
    expect([ROLES.STANDARD, ROLES.PREMIUM, ROLES.ADMIN].map((r) => offerAccessOf(hidden, r))).toEqual(['full', 'full', 'full']);
  });

  it('leaves price, links, contact, point and history out of the teaser', () => {
    const teaser = offerFor({ ...hidden, contactPerson: 'Jana', description: 'Krásný byt' }, ROLES.MINI);
    expect(teaser).toMatchObject({ access: 'teaser', price: null, priceText: '', pricePerM2: null, url: '', sources: [], contactPerson: null, description: '', priceHistory: [] });
    expect(teaser.location.point).toBeNull();
    expect(teaser.location.name).toBe(hidden.location.name);
    expect(teaser.title).toBe(hidden.title);
  });
});

describe('the price history', () => {
  const history = [
    { price: 5_490_000, at: '2026-09-01T10:00:00.000Z' },
    { price: null, at: '2026-09-20T10:00:00.000Z' },
    { price: 5_200_000, at: '2026-10-01T10:00:00.000Z' },
    { price: 4_990_000, at: '2026-11-01T10:00:00.000Z' },
  ];
  const changed = { ...exampleOffer, price: 4_990_000, priceHistory: history };

  it('is shown from Standard up (the entitlement table), to no one below', () => {
    for (const role of [ROLES.STANDARD, ROLES.PREMIUM, ROLES.ENTERPRISE, ROLES.ADMIN]) expect(offerFor(changed, role).priceHistory).toEqual(history);
    for (const role of [null, ROLES.NONE, ROLES.USER, ROLES.MINI]) {
      expect(offerFor(changed, role)).toMatchObject({ priceHistory: [history[3]], priceHistoryLocked: { changes: 3, firstPrice: 5_490_000 } });
    }
  });

  it('keeps nothing back when the price never changed', () => {
    expect(withoutPriceHistory(exampleOffer)).toBe(exampleOffer);
  });
});


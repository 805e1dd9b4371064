import { exampleOffer } from '../examples';
import { ROLES } from './roles';
import { offerAccessOf, offerFor } from './offer-access';

describe('non-public offers', () => {
  const hidden = { ...exampleOffer, nonPublic: true };

  it('shows public offers in full to everyone', () => {
    expect(offerAccessOf(exampleOffer, null)).toBe('full');
    expect(offerFor(exampleOffer, null)).toBe(exampleOffer);
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

import { exampleOffer } from '@rr/proto/examples';
import { applyOfferEvent, placeKeysOf } from './apply-event';

const offer = { ...exampleOffer, createdAt: '2026-10-01T10:00:00.000Z', price: 5_000_000 };
const published = { type: 'offer.published' as const, payload: { offer, fetchedAt: offer.createdAt } };

describe('applyOfferEvent', () => {
  it('keeps the first publication date through a price change', () => {
    const first = applyOfferEvent(null, published)!;
    const cut = applyOfferEvent(first, {
      type: 'offer.updated',
      payload: { offer: { ...offer, price: 4_500_000, createdAt: '2026-11-01T00:00:00.000Z' }, previousPrice: 5_000_000, changes: ['price'], fetchedAt: '2026-11-01T00:00:00.000Z' },
    })!;
    expect(cut.price).toBe(4_500_000);
    expect(cut.publishedAt).toBe(Date.parse('2026-10-01T10:00:00.000Z'));
    expect(cut.publishedMonth).toBe('2026-10');
  });

  it('ends the spell at the first withdrawal and continues it when the offer is republished', () => {
    const first = applyOfferEvent(null, published)!;
    const gone = applyOfferEvent(first, { type: 'offer.withdrawn', payload: { offerId: offer.id, withdrawnAt: '2026-10-20T00:00:00.000Z' } })!;
    expect(gone.withdrawnAt).toBe(Date.parse('2026-10-20T00:00:00.000Z'));
    const again = applyOfferEvent(gone, { type: 'offer.withdrawn', payload: { offerId: offer.id, withdrawnAt: '2026-10-25T00:00:00.000Z' } })!;
    expect(again.withdrawnAt).toBe(gone.withdrawnAt);
    // The publication read late (fetched before the withdrawal) does not undo it; a later one does.
    expect(applyOfferEvent(gone, published)!.withdrawnAt).toBe(gone.withdrawnAt);
    const back = applyOfferEvent(gone, { ...published, payload: { ...published.payload, fetchedAt: '2026-11-02T00:00:00.000Z' } })!;
    expect(back.withdrawnAt).toBeNull();
    expect(back.publishedAt).toBe(first.publishedAt);
  });

  it('keeps a price change when the publication is read after it from its own topic', () => {
    const update = { type: 'offer.updated' as const, payload: { offer: { ...offer, price: 4_500_000 }, previousPrice: 5_000_000, changes: ['price' as const], fetchedAt: '2026-10-05T00:00:00.000Z' } };
    const first = applyOfferEvent(null, update)!;
    expect(applyOfferEvent(first, published)!.price).toBe(4_500_000);
  });

  it('applies a withdrawal read before the publication it ends', () => {
    const withdrawnAt = Date.parse('2026-10-20T00:00:00.000Z');
    expect(applyOfferEvent(null, published, withdrawnAt)!.withdrawnAt).toBe(withdrawnAt);
  });

  it('records nothing for a withdrawal of an offer it never saw', () => {
    expect(applyOfferEvent(null, { type: 'offer.withdrawn', payload: { offerId: 'x', withdrawnAt: '2026-10-20T00:00:00.000Z' } })).toBeNull();
  });
});

describe('placeKeysOf', () => {
  it('gives one key per level the offer was located at', () => {
    expect(placeKeysOf({ municipalityCode: '554782', districtCode: 'CZ0100', regionCode: 'CZ010', pragueDistrictCode: 'PRAHA-2' }))
      .toEqual(['m:554782', 'd:CZ0100', 'r:CZ010', 'p:PRAHA-2']);
    expect(placeKeysOf({ municipalityCode: null, districtCode: null, regionCode: 'CZ064', pragueDistrictCode: null })).toEqual(['r:CZ064']);
  });
});

import { FrequencyCap } from './frequency-cap';
import { WEEKLY_PRICE } from './pricing';
import { decide, type AdvertiserCredit, type DecisionState, type ServingCampaign } from './selection';

const H = 3_600_000;
const NOW = Date.parse('2026-11-25T10:00:00Z');

const campaign = (over: Partial<ServingCampaign> = {}): ServingCampaign => ({
  id: 'c1', advertiserId: 'a1', pricing: 'per-view', budget: null, startsAt: NOW - 10 * H, endsAt: NOW + 10 * H,
  targeting: { regions: [], districts: [], adTypes: [], realEstateTypes: [] }, spent: 0, weeksPaid: [], ...over,
});

function state(credit: Record<string, AdvertiserCredit>, over: Partial<DecisionState> = {}): DecisionState {
  return { credit: (id) => credit[id], heldViews: () => 0, campaignHeldViews: () => 0, cap: new FrequencyCap(3), rng: () => 0, ...over };
}

describe('banner decision', () => {
  it('picks a running campaign with credit', () => {
    const d = decide([campaign()], 'r', NOW, state({ a1: { balance: 1000, deposited: 1000 } }));
    expect(d?.campaign.id).toBe('c1');
    expect(d?.pricePerView).toBe(50);
  });

  it('shows nothing outside the period', () => {
    const s = state({ a1: { balance: 1000, deposited: 1000 } });
    expect(decide([campaign({ startsAt: NOW + 1 })], 'r', NOW, s)).toBeNull();
    expect(decide([campaign({ endsAt: NOW })], 'r', NOW, s)).toBeNull();
  });

  it('stops when the credit does not cover the banners already out and one more', () => {
    expect(decide([campaign()], 'r', NOW, state({ a1: { balance: 49, deposited: 1000 } }))).toBeNull();
    expect(decide([campaign()], 'r', NOW, state({ a1: { balance: 500, deposited: 1000 } }, { heldViews: () => 10 }))).toBeNull();
    expect(decide([campaign()], 'r', NOW, state({ a1: { balance: 500, deposited: 1000 } }, { heldViews: () => 9 }))).not.toBeNull();
  });

  it('stops a budgeted campaign ahead of its pacing', () => {
    const s = state({ a1: { balance: 1_000_000, deposited: 1_000_000 } });
    expect(decide([campaign({ budget: 100_000, spent: 0 })], 'r', NOW, s)).not.toBeNull();
    expect(decide([campaign({ budget: 100_000, spent: 60_000 })], 'r2', NOW, s)).toBeNull();
  });

  it('honours the frequency cap per recipient and campaign', () => {
    const s = state({ a1: { balance: 10_000, deposited: 10_000 } }, { cap: new FrequencyCap(2) });
    expect(decide([campaign()], 'r', NOW, s)).not.toBeNull();
    expect(decide([campaign()], 'r', NOW, s)).not.toBeNull();
    expect(decide([campaign()], 'r', NOW, s)).toBeNull();
    expect(decide([campaign()], 'other', NOW, s)).not.toBeNull();
  });

  it('asks for the week to be charged when a weekly campaign starts a new week, if the credit covers it', () => {
    const weekly = campaign({ pricing: 'weekly' });
    expect(decide([weekly], 'r', NOW, state({ a1: { balance: WEEKLY_PRICE, deposited: WEEKLY_PRICE } }))?.chargeWeek).toBe(0);
    expect(decide([weekly], 'r', NOW, state({ a1: { balance: WEEKLY_PRICE - 1, deposited: WEEKLY_PRICE } }))).toBeNull();
    expect(decide([campaign({ pricing: 'weekly', weeksPaid: [0] })], 'r', NOW, state({ a1: { balance: 0, deposited: WEEKLY_PRICE } }))?.chargeWeek).toBeNull();
  });

  it('shares the e-mails among the campaigns that pass', () => {
    const s = state({ a1: { balance: 10_000, deposited: 10_000 } }, { rng: () => 0.99 });
    expect(decide([campaign({ id: 'x' }), campaign({ id: 'y' })], 'r', NOW, s)?.campaign.id).toBe('y');
    expect(decide([campaign({ id: 'x' }), campaign({ id: 'y' })], 'r', NOW, { ...s, rng: () => 0 })?.campaign.id).toBe('x');
  });
});

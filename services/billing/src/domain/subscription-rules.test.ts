import { ROLES } from '@rr/proto';
import { applyPaid, roleOf, upgradeCharge, type SubscriptionTerms } from './subscription-rules';

const at = (iso: string) => new Date(iso);
const standard: SubscriptionTerms = {
  tier: 'STANDARD', period: 'month', status: 'active', currentPeriodStart: at('2026-11-01T00:00:00Z'), currentPeriodEnd: at('2026-12-01T00:00:00Z'),
  cancelAtPeriodEnd: false, nextTier: null,
};

describe('subscription rules', () => {
  it('starts a month from the payment', () => {
    const t = applyPaid(null, { purpose: 'initial', tier: 'MINI', period: 'month', paidAt: at('2026-11-25T10:00:00Z') });
    expect(t).toMatchObject({ tier: 'MINI', status: 'active', currentPeriodEnd: at('2026-12-25T10:00:00Z') });
  });

  it('extends a running period of the same tier from its end instead of losing the rest', () => {
    const t = applyPaid(standard, { purpose: 'initial', tier: 'STANDARD', period: 'month', paidAt: at('2026-11-20T00:00:00Z') });
    expect(t.currentPeriodStart).toEqual(standard.currentPeriodEnd);
    expect(t.currentPeriodEnd).toEqual(at('2027-01-01T00:00:00Z'));
  });

  it('renews from the period end and takes a downgrade chosen for then', () => {
    const t = applyPaid({ ...standard, nextTier: 'MINI' }, { purpose: 'renewal', tier: 'STANDARD', period: 'month', paidAt: at('2026-11-28T00:00:00Z') });
    expect(t).toMatchObject({ tier: 'MINI', nextTier: null, currentPeriodStart: at('2026-12-01T00:00:00Z'), currentPeriodEnd: at('2027-01-01T00:00:00Z') });
  });

  it('gives the tier\'s role until the period end plus grace, and only to the end when cancelled', () => {
    const now = at('2026-11-10T00:00:00Z');
    expect(roleOf(standard, 3, now)).toEqual({ role: ROLES.STANDARD, roleExpiresAt: at('2026-12-04T00:00:00Z') });
    expect(roleOf({ ...standard, cancelAtPeriodEnd: true }, 3, now)).toEqual({ role: ROLES.STANDARD, roleExpiresAt: at('2026-12-01T00:00:00Z') });
    expect(roleOf({ ...standard, status: 'expired' }, 3, now)).toEqual({ role: ROLES.USER, roleExpiresAt: null });
  });

  it('credits the unused half of a month on an upgrade', () => {
    const half = at('2026-11-16T00:00:00Z');
    const { credit, amount } = upgradeCharge(standard, 'PREMIUM', 'month', half);
    expect(credit).toBe(9_950);
    expect(amount).toBe(39_900 - 9_950);
    expect(upgradeCharge(standard, 'PREMIUM', 'month', at('2026-12-02T00:00:00Z')).credit).toBe(0);
  });
});

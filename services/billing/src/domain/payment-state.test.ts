import { canMove, fromGoPayState, statesBefore } from './payment-state';

describe('payment states', () => {
  it('maps every documented GoPay state and refuses an unknown one', () => {
    expect(fromGoPayState('PAID')).toBe('paid');
    expect(fromGoPayState('PAYMENT_METHOD_CHOSEN')).toBe('pending');
    expect(fromGoPayState('TIMEOUTED')).toBe('timeouted');
    expect(fromGoPayState('PARTIALLY_REFUNDED')).toBe('partially-refunded');
    expect(fromGoPayState('SOMETHING')).toBeNull();
  });

  it('never moves a paid payment back to created or pending (a late notification)', () => {
    expect(canMove('paid', 'created')).toBe(false);
    expect(canMove('paid', 'pending')).toBe(false);
    expect(canMove('paid', 'paid')).toBe(false);
    expect(canMove('refunded', 'paid')).toBe(false);
  });

  it('lets a late bank transfer turn a timed-out payment into a paid one', () => {
    expect(canMove('timeouted', 'paid')).toBe(true);
    expect(statesBefore('paid').sort()).toEqual(['canceled', 'created', 'pending', 'timeouted']);
  });
});

import { EXAMPLES } from '@rr/proto/examples';
import { alertedKeyOf, dueAtOf, ledgerKeyOf, mayNotify, retryDelayMs } from './alert-rules';

const match = EXAMPLES['match.found'];

describe('alert rules', () => {
  it('keys the ledger by recipient and property, not by watchdog or portal', () => {
    const other = { ...match, watchdogId: 'w_other', recipient: { ...match.recipient, email: 'AHOJ@example.cz' }, offer: { ...match.offer, origin: 'bezrealitky' as const } };
    expect(ledgerKeyOf(other)).toBe(ledgerKeyOf(match));
    expect(ledgerKeyOf({ ...match, offer: { ...match.offer, id: 'p_2' } })).not.toBe(ledgerKeyOf(match));
  });

  it('gives each price drop of a property a key of its own', () => {
    const drop = { ...match, reason: 'priceDrop' as const, offer: { ...match.offer, price: 7_990_000 } };
    expect(ledgerKeyOf(drop)).not.toBe(ledgerKeyOf(match));
    expect(ledgerKeyOf({ ...drop, offer: { ...drop.offer, price: 7_500_000 } })).not.toBe(ledgerKeyOf(drop));
  });

  it('gives each comeback and each withdrawal of a property a key of its own, the same for a redelivery', () => {
    const back = { ...match, reason: 'backOnMarket' as const, withdrawnAt: '2026-11-20T08:00:00.000Z' };
    const gone = { ...match, reason: 'noLongerActive' as const, withdrawnAt: '2026-11-20T08:00:00.000Z' };
    const keys = [ledgerKeyOf(match), ledgerKeyOf(back), ledgerKeyOf(gone), ledgerKeyOf({ ...back, withdrawnAt: '2026-12-01T08:00:00.000Z' })];
    expect(new Set(keys).size).toBe(4);
    expect(ledgerKeyOf({ ...back })).toBe(ledgerKeyOf(back));
    expect(ledgerKeyOf(back).startsWith(`${alertedKeyOf(match)}|`)).toBe(true);
  });

  it('sends a no-longer-active notice only to a person whose alert about the offer went out', () => {
    const gone = { reason: 'noLongerActive' as const };
    expect(mayNotify(gone, { status: 'sent' })).toBe(true);
    expect(mayNotify(gone, { status: 'pending' })).toBe(false);
    expect(mayNotify(gone, { status: 'failed' })).toBe(false);
    expect(mayNotify(gone, null)).toBe(false);
    expect(mayNotify({ reason: 'backOnMarket' }, null)).toBe(true);
    expect(mayNotify({ reason: 'new' }, null)).toBe(true);
  });

  it('sends the first alert at once and holds later ones until the window closes', () => {
    const now = new Date('2026-11-22T10:00:00.000Z');
    expect(dueAtOf(now, null, 5_000)).toEqual(now);
    expect(dueAtOf(now, new Date('2026-11-22T09:59:58.000Z'), 5_000)).toEqual(new Date('2026-11-22T10:00:03.000Z'));
    expect(dueAtOf(now, new Date('2026-11-22T09:59:50.000Z'), 5_000)).toEqual(now);
  });

  it('backs off exponentially up to five minutes', () => {
    const mid = () => 0.5;
    expect(retryDelayMs(1, mid)).toBe(2_000);
    expect(retryDelayMs(3, mid)).toBe(8_000);
    expect(retryDelayMs(30, mid)).toBe(300_000);
  });
});

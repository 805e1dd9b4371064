import { EXAMPLES } from '@rr/proto/testing';
import { dueAtOf, ledgerKeyOf, retryDelayMs } from './alert-rules';

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

import { deliveryKeyOf, type Delivery } from '@rr/proto';
import { effectOfChange, factsOf, predatesWithdrawal, replanHeld, type HeldPlan, type WaitingEntry } from './held-plan';

const at = (iso: string) => Date.parse(iso);
const schedule = (over: Partial<Delivery['schedule']> = {}): Delivery['schedule'] => ({ timeZone: 'Europe/Prague', digestTimes: ['08:00', '18:00'], quietHours: null, ...over });
const digest = (over: Partial<Delivery['schedule']> = {}): Delivery => ({ mode: 'digest', schedule: schedule(over) });
const instant = (over: Partial<Delivery['schedule']> = {}): Delivery => ({ mode: 'instant', schedule: schedule(over) });

/** Matched at 10:00 Prague (09:00Z) on a winter day, held for the 18:00 digest (17:00Z), from the watchdog state of 08:00Z. */
const held = (over: Partial<HeldPlan> = {}): HeldPlan => ({
  dueAt: new Date('2026-01-15T17:00:00Z'), heldFor: 'digest', createdAt: new Date('2026-01-15T09:00:00Z'),
  deliveryKey: deliveryKeyOf(digest()), deliveryAsOf: '2026-01-15T08:00:00.000Z', ...over,
});

describe('re-planning a held alert when its recipient\'s delivery changes', () => {
  it('releases a digest\'s alert at the change when the watchdog is switched to instant (or to no delivery at all)', () => {
    const change = at('2026-01-15T11:30:00Z');
    for (const delivery of [instant(), undefined]) {
      expect(replanHeld(held(), { delivery, at: change })).toEqual({ dueAt: new Date(change), heldFor: null, deliveryKey: 'instant', deliveryAsOf: '2026-01-15T11:30:00.000Z' });
    }
  });

  it('keeps the quiet hours then running when switched to instant: the alert waits for their end', () => {
    const night = held({ createdAt: new Date('2026-01-15T20:00:00Z'), dueAt: new Date('2026-01-16T07:00:00Z') });
    const plan = replanHeld(night, { delivery: instant({ quietHours: { start: '22:00', end: '07:00' } }), at: at('2026-01-15T22:00:00Z') });
    expect(plan).toMatchObject({ dueAt: new Date('2026-01-16T06:00:00Z'), heldFor: 'quiet' });
  });

  it('re-times it to the new digest times, from the change (not from when it was matched)', () => {
    const plan = replanHeld(held(), { delivery: digest({ digestTimes: ['12:00', '20:00'] }), at: at('2026-01-15T11:30:00Z') });
    expect(plan).toMatchObject({ dueAt: new Date('2026-01-15T19:00:00Z'), heldFor: 'digest' });
  });

  it('re-times an alert held for quiet hours when they change, and releases it when they are removed', () => {
    const night = held({ heldFor: 'quiet', createdAt: new Date('2026-01-15T22:00:00Z'), dueAt: new Date('2026-01-16T06:00:00Z'), deliveryKey: deliveryKeyOf(instant({ quietHours: { start: '22:00', end: '07:00' } })) });
    expect(replanHeld(night, { delivery: instant({ quietHours: { start: '22:00', end: '06:00' } }), at: at('2026-01-15T23:00:00Z') })).toMatchObject({ dueAt: new Date('2026-01-16T05:00:00Z'), heldFor: 'quiet' });
    expect(replanHeld(night, { delivery: instant(), at: at('2026-01-15T23:00:00Z') })).toMatchObject({ dueAt: new Date('2026-01-15T23:00:00Z'), heldFor: null });
  });

  it('follows the zone\'s clock change: 8:00 in Prague the morning after the clocks went back is 07:00Z', () => {
    const autumn = held({ createdAt: new Date('2026-10-24T18:00:00Z'), dueAt: new Date('2026-10-25T16:00:00Z'), deliveryAsOf: '2026-10-24T00:00:00.000Z', deliveryKey: deliveryKeyOf(digest({ digestTimes: ['17:00'] })) });
    expect(replanHeld(autumn, { delivery: digest({ digestTimes: ['08:00'] }), at: at('2026-10-24T20:00:00Z') })).toMatchObject({ dueAt: new Date('2026-10-25T07:00:00Z') });
  });

  it('changes nothing when applied again: the plan records the change, and the same state no longer differs', () => {
    const change = { delivery: digest({ digestTimes: ['12:00'] }), at: at('2026-01-15T11:30:00Z') };
    const plan = replanHeld(held(), change)!;
    expect(replanHeld({ ...held(), ...plan }, change)).toBeNull();
    // Even applied later, after the digest it moved to.
    expect(replanHeld({ ...held(), ...plan }, { ...change, at: at('2026-01-15T12:30:00Z') })).toBeNull();
  });

  it('ignores a state no newer than the one the alert was planned with, and a republish that holds alerts alike', () => {
    expect(replanHeld(held(), { delivery: instant(), at: at('2026-01-15T08:00:00Z') })).toBeNull();
    expect(replanHeld(held(), { delivery: instant(), at: at('2026-01-15T07:00:00Z') })).toBeNull();
    expect(replanHeld(held(), { delivery: digest({ digestTimes: ['18:00', '08:00'], quietHours: { start: '23:00', end: '06:00' } }), at: at('2026-01-15T11:00:00Z') })).toBeNull();
  });

  it('uses the match time when the matcher had not seen the change yet (the entry is younger than the change)', () => {
    const late = held({ createdAt: new Date('2026-01-15T11:31:00Z') });
    expect(replanHeld(late, { delivery: instant(), at: at('2026-01-15T11:30:00Z') })).toMatchObject({ dueAt: new Date('2026-01-15T11:31:00Z'), heldFor: null });
  });

  it('leaves alerts that are not held alone', () => {
    expect(replanHeld(held({ heldFor: null }), { delivery: instant(), at: at('2026-01-15T11:30:00Z') })).toBeNull();
  });

  it('re-plans an entry from before plans were recorded only for changes after it was matched', () => {
    const old = held({ deliveryKey: undefined, deliveryAsOf: undefined });
    expect(replanHeld(old, { delivery: instant(), at: at('2026-01-15T08:59:00Z') })).toBeNull();
    expect(replanHeld(old, { delivery: instant(), at: at('2026-01-15T09:01:00Z') })).toMatchObject({ heldFor: null });
  });
});

describe('an open alert and a withdrawal of its offer', () => {
  it('predates the withdrawal when fetched before it; a comeback fetched after and the notice itself do not', () => {
    expect(predatesWithdrawal({ reason: 'new', fetchedAt: '2026-01-15T09:00:00.000Z' }, '2026-01-15T10:00:00.000Z')).toBe(true);
    expect(predatesWithdrawal({ reason: 'priceDrop', fetchedAt: '2026-01-15T09:00:00.000Z' }, '2026-01-15T10:00:00.000Z')).toBe(true);
    expect(predatesWithdrawal({ reason: 'new', fetchedAt: '2026-01-16T09:00:00.000Z' }, '2026-01-15T10:00:00.000Z')).toBe(false);
    expect(predatesWithdrawal({ reason: 'noLongerActive', fetchedAt: '2026-01-15T10:00:00.000Z' }, '2026-01-15T10:00:00.000Z')).toBe(false);
  });
});

describe('what a change of one of the person\'s watchdogs does to their waiting alert', () => {
  const waiting = (over: Partial<WaitingEntry> = {}): WaitingEntry => ({ ...held(), watchdogId: 'w_a', watchdogIds: ['w_a', 'w_b'], ...over });
  const change = at('2026-01-15T11:30:00Z');

  it('lets another watchdog that matched the property send it earlier (switched to instant), never later', () => {
    expect(effectOfChange(waiting(), { watchdogId: 'w_b', at: change, recipient: { delivery: undefined, member: true } })).toEqual({
      kind: 'replan', watchdogId: 'w_b', member: true,
      plan: { dueAt: new Date(change), heldFor: null, deliveryKey: 'instant', deliveryAsOf: '2026-01-15T11:30:00.000Z' },
    });
    // A later digest of the other watchdog leaves the 18:00 digest of the planning one.
    expect(effectOfChange(waiting(), { watchdogId: 'w_b', at: change, recipient: { delivery: digest({ digestTimes: ['21:00'] }), member: false } })).toEqual({ kind: 'keep' });
    // Already due at once: nothing to bring forward.
    expect(effectOfChange(waiting({ heldFor: null }), { watchdogId: 'w_b', at: change, recipient: { delivery: undefined, member: false } })).toEqual({ kind: 'keep' });
  });

  it('re-plans as before when the planning watchdog changes, once', () => {
    const outcome = effectOfChange(waiting(), { watchdogId: 'w_a', at: change, recipient: { delivery: undefined, member: false } });
    expect(outcome).toMatchObject({ kind: 'replan', watchdogId: 'w_a', plan: { dueAt: new Date(change), heldFor: null } });
    expect(effectOfChange(waiting({ deliveryKey: 'instant', deliveryAsOf: '2026-01-15T11:30:00.000Z' }), { watchdogId: 'w_a', at: change, recipient: { delivery: undefined, member: false } })).toEqual({ kind: 'keep' });
  });

  it('drops the alert when its only watchdog is deleted or its recipient left, and hands it over when another still asks', () => {
    expect(effectOfChange(waiting({ watchdogIds: ['w_a'] }), { watchdogId: 'w_a', at: change, recipient: null })).toEqual({ kind: 'drop', watchdogIds: ['w_a'] });
    // An entry from before `watchdogIds` was kept counts its planning watchdog.
    expect(effectOfChange(waiting({ watchdogIds: undefined }), { watchdogId: 'w_a', at: change, recipient: null })).toEqual({ kind: 'drop', watchdogIds: ['w_a'] });
    expect(effectOfChange(waiting(), { watchdogId: 'w_a', at: change, recipient: null })).toEqual({ kind: 'detach', watchdogIds: ['w_b'], watchdogId: 'w_b' });
    expect(effectOfChange(waiting(), { watchdogId: 'w_b', at: change, recipient: null })).toEqual({ kind: 'detach', watchdogIds: ['w_a'], watchdogId: 'w_a' });
    expect(effectOfChange(waiting(), { watchdogId: 'w_c', at: change, recipient: null })).toEqual({ kind: 'keep' });
  });

  // The person owns w_a and is an invitee of w_b (no banner there: the owner's consent is not theirs).
  const facts = [
    { watchdogId: 'w_a', member: false, withAds: true, radarPrice: false, maxOffers: 10, mapArea: null },
    { watchdogId: 'w_b', member: true, withAds: false, radarPrice: true, maxOffers: 20, mapArea: { polygons: 1, km2: 2.5 } },
  ];

  it('hands the alert over with the role and what the e-mail shows of the watchdog it now belongs to', () => {
    expect(effectOfChange(waiting({ watchdogFacts: facts, member: false }), { watchdogId: 'w_a', at: change, recipient: null })).toEqual({
      kind: 'detach', watchdogIds: ['w_b'], watchdogId: 'w_b', owner: { member: true, withAds: false, radarPrice: true, maxOffers: 20, mapArea: { polygons: 1, km2: 2.5 } },
    });
    // Back the other way: an invitee's alert handed to the person's own watchdog is the owner's.
    expect(effectOfChange(waiting({ watchdogId: 'w_b', watchdogFacts: facts, member: true }), { watchdogId: 'w_b', at: change, recipient: null })).toMatchObject({ watchdogId: 'w_a', owner: { member: false, withAds: true } });
    // The owner stays: nothing of it changes.
    expect(effectOfChange(waiting({ watchdogFacts: facts }), { watchdogId: 'w_b', at: change, recipient: null })).toEqual({ kind: 'detach', watchdogIds: ['w_a'], watchdogId: 'w_a' });
    // Prefers a remaining watchdog whose match was recorded; with none recorded (older entries) the alert keeps its own.
    expect(effectOfChange(waiting({ watchdogIds: ['w_a', 'w_c', 'w_b'], watchdogFacts: facts }), { watchdogId: 'w_a', at: change, recipient: null })).toMatchObject({ watchdogId: 'w_b', watchdogIds: ['w_c', 'w_b'] });
    expect(effectOfChange(waiting({ watchdogFacts: undefined }), { watchdogId: 'w_a', at: change, recipient: null })).toEqual({ kind: 'detach', watchdogIds: ['w_b'], watchdogId: 'w_b' });
    // The last record of a watchdog counts (a match recorded twice, as two instances may).
    expect(factsOf({ watchdogFacts: [...facts, { ...facts[1], withAds: true }] }, 'w_b')).toMatchObject({ withAds: true });
  });

  it('takes the role from the changed watchdog\'s state and the rest from its recorded match when another watchdog sends the alert earlier', () => {
    expect(effectOfChange(waiting({ watchdogFacts: facts }), { watchdogId: 'w_b', at: change, recipient: { delivery: undefined, member: true } })).toMatchObject({
      kind: 'replan', watchdogId: 'w_b', member: true, owner: { withAds: false, radarPrice: true, maxOffers: 20 },
    });
  });
});

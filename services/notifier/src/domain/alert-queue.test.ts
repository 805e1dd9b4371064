import { exampleOffer } from '@rr/proto/examples';
import type { LedgerEntry } from '../repositories/ledger.model';
import { AlertQueue, capOf } from './alert-queue';

const T0 = Date.parse('2026-11-22T10:00:00.000Z');

function entry(email: string, offerId: string, createdAt = T0, overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    _id: `${email}|${offerId}`, email, locale: 'cs', userId: null, watchdogId: 'w_1', offerId, reason: 'new', offer: { ...exampleOffer, id: offerId },
    withAds: false, fetchedAt: new Date(T0).toISOString(), status: 'pending', dueAt: new Date(createdAt), attempts: 0, batchId: null,
    claimedAt: null, sentAt: null, reported: false, provider: null, messageId: null, failure: null, createdAt: new Date(createdAt), ...overrides,
  };
}

const queued = (e: LedgerEntry, readyAt: number) => ({ entry: e, gen: 0, takeover: false, readyAt });
const queue = (maxPerEmail = 10) => new AlertQueue({ windowMs: 5_000, maxPerEmail });
const offersOf = (picks: ReturnType<AlertQueue['takeDue']>['picks']) => picks.map((p) => [p.email, p.entries.map((q) => q.entry.offerId)]);

describe('alert queue', () => {
  it('hands out a first alert at once and holds later ones until the window after the e-mail closes', () => {
    const q = queue();
    q.add(queued(entry('a@x.cz', 'p1'), T0));
    expect(offersOf(q.takeDue(T0, 10).picks)).toEqual([['a@x.cz', ['p1']]]);
    q.emailStarted('a@x.cz', T0);
    q.done('a@x.cz');
    q.add(queued(entry('a@x.cz', 'p2', T0 + 1_000), T0 + 1_000));
    q.add(queued(entry('a@x.cz', 'p3', T0 + 2_000), T0 + 2_000));
    expect(q.takeDue(T0 + 4_999, 10).picks).toEqual([]);
    expect(offersOf(q.takeDue(T0 + 5_000, 10).picks)).toEqual([['a@x.cz', ['p2', 'p3']]]);
  });

  it('puts at most the cap into one e-mail, oldest first, and keeps the rest', () => {
    const q = queue(2);
    for (const [i, id] of ['p3', 'p1', 'p2'].entries()) q.add(queued(entry('a@x.cz', id, T0 + [3, 1, 2][i]), T0));
    expect(offersOf(q.takeDue(T0 + 10, 10).picks)).toEqual([['a@x.cz', ['p1', 'p2']]]);
    expect(q.stats()).toMatchObject({ waiting: 1, inFlight: 2, busy: 1 });
  });

  it('takes the cap from the tier the entries carry, not the service default', () => {
    const q = queue(10);
    for (const n of [1, 2, 3, 4]) q.add(queued(entry('a@x.cz', `p${n}`, T0 + n, { maxOffers: 3 }), T0));
    for (const n of [1, 2, 3, 4]) q.add(queued(entry('b@x.cz', `p${n}`, T0 + n), T0));
    const picks = new Map(offersOf(q.takeDue(T0 + 10, 10).picks) as Array<[string, string[]]>);
    expect(picks.get('a@x.cz')).toEqual(['p1', 'p2', 'p3']);
    expect(picks.get('b@x.cz')).toEqual(['p1', 'p2', 'p3', 'p4']);
  });

  it('gives one person one e-mail at a time and limits the people per round', () => {
    const q = queue();
    q.add(queued(entry('a@x.cz', 'p1'), T0));
    q.add(queued(entry('b@x.cz', 'p1'), T0));
    q.add(queued(entry('c@x.cz', 'p1'), T0));
    expect(q.takeDue(T0, 2).picks.map((p) => p.email)).toEqual(['a@x.cz', 'b@x.cz']);
    q.add(queued(entry('a@x.cz', 'p2'), T0));
    expect(q.takeDue(T0, 10).picks.map((p) => p.email)).toEqual(['c@x.cz']);
  });

  it('waits for the retry time of an entry', () => {
    const q = queue();
    q.add(queued(entry('a@x.cz', 'p1'), T0 + 8_000));
    expect(q.takeDue(T0, 10).picks).toEqual([]);
    expect(q.takeDue(T0 + 8_000, 10).picks).toHaveLength(1);
  });

  it('returns the entries of a blocked address apart, whatever their time', () => {
    const q = queue();
    q.setRecipient('gone@x.cz', { lastEmailAt: T0, blocked: true, blockedReason: '550', blockedAt: T0 });
    q.add(queued(entry('gone@x.cz', 'p1'), T0 + 60_000));
    const { picks, blocked } = q.takeDue(T0, 10);
    expect(picks).toEqual([]);
    expect(offersOf(blocked)).toEqual([['gone@x.cz', ['p1']]]);
  });

  it('knows entries waiting, in flight and recently closed, and refuses to queue them twice', () => {
    const q = queue();
    const e = entry('a@x.cz', 'p1');
    expect(q.knows(e._id)).toBe(false);
    expect(q.add(queued(e, T0))).toBe(true);
    expect(q.add(queued(e, T0))).toBe(false);
    const [pick] = q.takeDue(T0, 10).picks;
    expect(q.knows(e._id)).toBe(true);
    q.close([e._id]);
    expect(q.knows(e._id)).toBe(true);
    expect(q.add(queued(e, T0))).toBe(false);
    expect(q.stats()).toMatchObject({ waiting: 0, inFlight: 0 });
    expect(pick.entries).toHaveLength(1);
  });

  it('queues entries again that were taken but not sent', () => {
    const q = queue();
    q.add(queued(entry('a@x.cz', 'p1'), T0));
    const [pick] = q.takeDue(T0, 10).picks;
    q.putBack(pick.entries.map((e) => ({ ...e, gen: 1, takeover: true, readyAt: T0 + 1_000 })));
    q.done('a@x.cz');
    expect(q.takeDue(T0 + 500, 10).picks).toEqual([]);
    const [again] = q.takeDue(T0 + 1_000, 10).picks;
    expect(again.entries[0]).toMatchObject({ gen: 1, takeover: true });
  });

  it('forgets the oldest closed keys beyond its limit', () => {
    const q = new AlertQueue({ windowMs: 5_000, maxPerEmail: 10, recentLimit: 2 });
    q.close(['k1', 'k2', 'k3']);
    expect([q.knows('k1'), q.knows('k2'), q.knows('k3')]).toEqual([false, true, true]);
  });

  it('reserves a person for an e-mail at once only when nothing of theirs waits or is in flight and the window is over', () => {
    const q = queue();
    expect(q.reserve('a@x.cz', T0)).toBe(true);
    expect(q.reserve('a@x.cz', T0)).toBe(false);
    q.emailStarted('a@x.cz', T0);
    q.done('a@x.cz');
    expect(q.reserve('a@x.cz', T0 + 4_999)).toBe(false);
    expect(q.reserve('a@x.cz', T0 + 5_000)).toBe(true);
    q.add(queued(entry('b@x.cz', 'p1'), T0 + 60_000));
    expect(q.reserve('b@x.cz', T0)).toBe(false);
    q.setRecipient('c@x.cz', { lastEmailAt: null, blocked: true, blockedReason: '550', blockedAt: T0 });
    expect(q.reserve('c@x.cz', T0)).toBe(false);
    expect(q.busyCount()).toBe(1);
  });

  it('stops holding an entry in the queue once it is tracked as claimed at insert', () => {
    const q = queue();
    const e = entry('a@x.cz', 'p1');
    q.add({ entry: e, gen: 1, takeover: true, readyAt: T0 + 60_000 });
    q.track([e._id]);
    expect(q.stats()).toMatchObject({ waiting: 0, people: 0, inFlight: 1 });
    expect(q.knows(e._id)).toBe(true);
  });

  it('past its limit forgets only idle people whose window closed, and not those blocked here', () => {
    const q = new AlertQueue({ windowMs: 5_000, maxPerEmail: 10, recipientLimit: 2 });
    const state = (lastEmailAt: number | null, blockedAt: number | null = null) => ({ lastEmailAt, blocked: blockedAt !== null, blockedReason: null, blockedAt });
    q.setRecipient('idle@x.cz', state(T0 - 10_000));
    q.setRecipient('never@x.cz', state(null));
    q.setRecipient('window@x.cz', state(T0 - 1_000));
    q.setRecipient('blocked@x.cz', state(null, T0 - 60_000));
    q.setRecipient('waiting@x.cz', state(null));
    q.add(queued(entry('waiting@x.cz', 'p1'), T0 + 60_000));
    q.setRecipient('busy@x.cz', state(null));
    expect(q.reserve('busy@x.cz', T0)).toBe(true);

    expect(q.forgetIdleRecipients(T0)).toBe(2);
    expect(q.unknownRecipients(['idle@x.cz', 'never@x.cz', 'window@x.cz', 'blocked@x.cz', 'waiting@x.cz', 'busy@x.cz'])).toEqual(['idle@x.cz', 'never@x.cz']);
  });

  it('keeps every state below its limit', () => {
    const q = new AlertQueue({ windowMs: 5_000, maxPerEmail: 10, recipientLimit: 10 });
    q.setRecipient('idle@x.cz', { lastEmailAt: null, blocked: false, blockedReason: null, blockedAt: null });
    expect(q.forgetIdleRecipients(T0)).toBe(0);
    expect(q.unknownRecipients(['idle@x.cz', 'new@x.cz'])).toEqual(['new@x.cz']);
  });
});

describe('alert queue: held entries planned again or withdrawn', () => {
  it('moves a waiting entry to its new time within the horizon, and lets it leave memory beyond it', () => {
    const q = queue();
    const soon = entry('a@x.cz', 'p1', T0, { heldFor: 'digest', dueAt: new Date(T0 + 8_000) });
    const later = entry('a@x.cz', 'p2', T0, { heldFor: 'digest', dueAt: new Date(T0 + 8_000) });
    q.add(queued(soon, T0 + 8_000));
    q.add(queued(later, T0 + 8_000));
    expect(q.replan(soon._id, { dueAt: new Date(T0), heldFor: null }, true)).toBe(true);
    expect(q.replan(later._id, { dueAt: new Date(T0 + 86_400_000), heldFor: 'digest' }, false)).toBe(true);
    expect(q.knows(later._id)).toBe(false);
    const { picks } = q.takeDue(T0, 8);
    expect(offersOf(picks)).toEqual([['a@x.cz', ['p1']]]);
    expect(picks[0].entries[0].entry).toMatchObject({ heldFor: null, dueAt: new Date(T0) });
    expect(q.takeDue(T0 + 60_000, 8).picks).toEqual([]);
  });

  it('leaves entries in flight and unknown ones alone', () => {
    const q = queue();
    const e = entry('b@x.cz', 'p1');
    q.add(queued(e, T0));
    q.takeDue(T0, 8);
    expect(q.replan(e._id, { dueAt: new Date(T0 + 60_000), heldFor: 'digest' }, true)).toBe(false);
    expect(q.replan('nobody|p9', { dueAt: new Date(T0), heldFor: null }, true)).toBe(false);
    expect(q.stats()).toMatchObject({ waiting: 0, inFlight: 1 });
  });

  it('amends a waiting entry handed to another watchdog in place (its time stays), and only a waiting one', () => {
    const q = queue();
    const e = entry('c@x.cz', 'p1', T0, { heldFor: 'digest', dueAt: new Date(T0 + 5_000), watchdogId: 'w_own', member: false });
    q.add(queued(e, T0 + 5_000));
    expect(q.amend(e._id, { watchdogId: 'w_shared', member: true, withAds: false })).toBe(true);
    expect(q.waitingOf(e._id)).toMatchObject({ watchdogId: 'w_shared', member: true, withAds: false, dueAt: new Date(T0 + 5_000) });
    expect(q.takeDue(T0, 8).picks).toEqual([]);
    const { picks } = q.takeDue(T0 + 5_000, 8);
    expect(picks[0].entries[0].entry).toMatchObject({ watchdogId: 'w_shared', member: true });
    // In flight now: left alone, and no longer waiting.
    expect(q.amend(e._id, { member: false })).toBe(false);
    expect(q.waitingOf(e._id)).toBeUndefined();
  });

  it('drops withdrawn entries without remembering them as closed (a comeback may open them)', () => {
    const q = queue();
    const e = entry('c@x.cz', 'p1');
    q.add(queued(e, T0 + 1_000));
    expect(q.withdraw([e._id, 'c@x.cz|unknown'])).toBe(1);
    expect(q.knows(e._id)).toBe(false);
    expect(q.stats()).toMatchObject({ waiting: 0, people: 0 });
    expect(q.takeDue(T0 + 2_000, 8).picks).toEqual([]);
  });
});

describe('capOf', () => {
  it('is the most generous tier cap among the entries, or the default when none carries one', () => {
    expect(capOf([{ maxOffers: 10 }, { maxOffers: 50 }, {}], 7)).toBe(50);
    expect(capOf([{}, { maxOffers: null }], 7)).toBe(7);
    expect(capOf([], 7)).toBe(7);
  });
});

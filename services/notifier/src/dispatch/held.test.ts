import { createLogger } from '@rr/kit';
import { exampleOffer } from '@rr/proto/examples';
import { AlertQueue } from '../domain/alert-queue';
import { Timings } from '../domain/timings';
import type { LedgerEntry } from '../repositories/ledger.model';
import type { DispatchContext } from './context';
import { Coverage, HeldAlerts } from './held';

const T0 = Date.parse('2026-11-26T07:59:50.000Z');
const DIGEST = Date.parse('2026-11-26T08:00:00.000Z');

function held(email: string, offerId: string, dueAt: number): LedgerEntry {
  return {
    _id: `${email}|${offerId}`, email, locale: 'cs', userId: null, watchdogId: 'w_1', offerId, reason: 'new', offer: { ...exampleOffer, id: offerId },
    withAds: false, fetchedAt: new Date(T0).toISOString(), status: 'pending', dueAt: new Date(dueAt), heldFor: 'digest', attempts: 0, batchId: null,
    claimedAt: null, sentAt: null, reported: false, provider: null, messageId: null, failure: null, createdAt: new Date(T0 - 3_600_000),
  };
}

/** A ledger of pending entries answering `pendingDueBetween` as the index does: (dueAt, _id) order, keyset after the cursor. */
function fakeLedger(entries: LedgerEntry[], failOnce = false) {
  const reads: Array<{ from: number; to: number }> = [];
  let fail = failOnce;
  return {
    reads,
    async pendingDueBetween(from: Date, to: Date, after: { dueAt: Date; id: string } | null, limit: number) {
      if (fail) {
        fail = false;
        throw new Error('database away');
      }
      reads.push({ from: from.getTime(), to: to.getTime() });
      const key = (e: LedgerEntry) => [e.dueAt.getTime(), e._id] as const;
      return entries
        .filter((e) => e.dueAt.getTime() > from.getTime() && e.dueAt.getTime() <= to.getTime())
        .filter((e) => !after || key(e)[0] > after.dueAt.getTime() || (key(e)[0] === after.dueAt.getTime() && e._id > after.id))
        .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || (a._id < b._id ? -1 : 1))
        .slice(0, limit);
    },
  };
}

function setup(entries: LedgerEntry[], failOnce = false) {
  const queue = new AlertQueue({ windowMs: 1_000, maxPerEmail: 2, maxPerDigest: 50 });
  const coverage = new Coverage();
  const ledger = fakeLedger(entries, failOnce);
  const ctx = {
    queue, coverage, timings: new Timings(), log: createLogger('held-test', 'silent'),
    options: { claimTimeoutMs: 60_000 }, kick: () => undefined,
  } as unknown as DispatchContext;
  return { queue, coverage, ledger, held: new HeldAlerts(ledger, coverage, ctx, 10_000) };
}

describe('held alerts (digests, quiet hours)', () => {
  it('brings entries into memory only as their time comes near, and each stretch of time is read once', async () => {
    const { queue, held: scan, ledger, coverage } = setup([held('a@x.cz', 'p1', DIGEST), held('a@x.cz', 'p2', DIGEST + 3_600_000)]);
    coverage.extend(T0 - 20_000);
    expect(await scan.scan(T0 - 15_000)).toBe(0); // 08:00 is beyond the lookahead
    expect(await scan.scan(T0)).toBe(1);
    expect(queue.stats()).toMatchObject({ waiting: 1 });
    expect(coverage.holds(new Date(DIGEST))).toBe(true);
    expect(coverage.holds(new Date(DIGEST + 3_600_000))).toBe(false);
    expect(ledger.reads.map((r) => r.from)).toEqual([T0 - 20_000, T0 - 5_000]);
  });

  it('pages through one due time shared by thousands of digests without skipping or repeating', async () => {
    const entries = Array.from({ length: 2_345 }, (_, i) => held(`p${i}@x.cz`, 'o1', DIGEST));
    const { queue, held: scan } = setup(entries);
    expect(await scan.scan(DIGEST - 5_000)).toBe(2_345);
    expect(queue.stats()).toMatchObject({ waiting: 2_345, people: 2_345 });
  });

  it('reads the stretch again after a failed read', async () => {
    const { queue, held: scan, coverage } = setup([held('a@x.cz', 'p1', DIGEST)], true);
    coverage.extend(T0 - 1_000);
    expect(await scan.scan(T0)).toBe(0);
    expect(coverage.covered).toBe(T0 - 1_000);
    expect(await scan.scan(T0 + 100)).toBe(1);
    expect(queue.stats().waiting).toBe(1);
  });

  it('sends a person\'s digest in one e-mail beyond the tier\'s cap for instant e-mails', () => {
    const { queue } = setup([]);
    for (let i = 0; i < 30; i++) queue.add({ entry: held('a@x.cz', `p${i}`, DIGEST), gen: 0, takeover: false, readyAt: DIGEST });
    const { picks } = queue.takeDue(DIGEST, 10);
    expect(picks[0].entries).toHaveLength(30);
  });
});

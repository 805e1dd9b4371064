import { createLogger } from '@rr/kit';
import { exampleOffer } from '@rr/proto/examples';
import { AlertQueue, type QueuedEntry } from '../domain/alert-queue';
import { Timings } from '../domain/timings';
import { claimIdOf, type AlertClaim, type LedgerEntry } from '../repositories/ledger.model';
import type { ClaimStatement } from '../repositories/ledger.repository';
import { Coverage } from './held';
import { Claims, type ClaimLedger } from './claims';
import type { Batch, DispatchContext } from './context';

const T0 = Date.parse('2026-11-25T10:00:00.000Z');
const CLAIM_TIMEOUT_MS = 60_000;

/** The ledger's claim semantics in memory: one claim document per entry and generation, first insert wins. */
class FakeLedger implements ClaimLedger {
  readonly entries = new Map<string, LedgerEntry>();
  readonly claimDocs = new Map<string, AlertClaim>();
  failClaims = false;

  async claim(statements: ClaimStatement[], now: Date) {
    if (this.failClaims) throw new Error('database unavailable');
    const won = new Set<string>();
    const lost: string[] = [];
    for (const s of statements) {
      const id = claimIdOf(s.key, s.gen);
      if (this.claimDocs.has(id)) lost.push(s.key);
      else {
        this.claimDocs.set(id, { _id: id, batchId: s.batchId, at: now });
        won.add(s.key);
      }
    }
    return { won, lost };
  }

  async markClaimed(statements: ClaimStatement[], now: Date) {
    for (const s of statements) {
      const e = this.entries.get(s.key);
      if (e && (e.status === 'pending' || e.status === 'claimed')) this.entries.set(s.key, { ...e, status: 'claimed', batchId: s.batchId, claimedAt: now, claims: s.gen + 1 });
    }
  }

  async findById(id: string) {
    return this.entries.get(id) ?? null;
  }

  async findByIds(ids: string[]) {
    return ids.flatMap((id) => (this.entries.has(id) ? [this.entries.get(id)!] : []));
  }

  async findClaim(key: string, gen: number) {
    return this.claimDocs.get(claimIdOf(key, gen)) ?? null;
  }
}

function entry(email: string, offerId: string, overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    _id: `${email}|${offerId}`, email, locale: 'cs', userId: null, watchdogId: 'w_1', offerId, reason: 'new', offer: { ...exampleOffer, id: offerId },
    withAds: false, fetchedAt: new Date(T0).toISOString(), status: 'pending', dueAt: new Date(T0), attempts: 0, batchId: null,
    claimedAt: null, sentAt: null, reported: false, provider: null, messageId: null, failure: null, createdAt: new Date(T0), ...overrides,
  };
}

/** One sender: its own view of the ledger, and the batches it started sending. */
function sender(ledger: FakeLedger) {
  const queue = new AlertQueue({ windowMs: 5_000, maxPerEmail: 10 });
  const sent: Batch[] = [];
  const pauses: string[] = [];
  const ctx: DispatchContext = {
    queue, coverage: new Coverage(), timings: new Timings(), log: createLogger('claims-test', 'silent'),
    options: { publicUrl: 'http://localhost', windowMs: 5_000, maxOffersPerEmail: 10, claimTimeoutMs: CLAIM_TIMEOUT_MS, maxAttempts: 5, sendConcurrency: 8, maxUnconfirmed: 100, tokenOf: () => 't',
      memberTokenOf: () => 'm', maxOffersPerDigest: 50, dueLookaheadMs: 10_000,
    },
    kick: () => undefined,
    pause: (_err, message) => pauses.push(message),
    touch: () => undefined,
    startSend: (batch) => sent.push(batch),
  };
  const claims = new Claims(ledger, ctx);
  /** Takes what is due in this sender's view and claims it, as the pump does. */
  const round = async (now: number, batchId: string) => {
    const { picks } = queue.takeDue(now, 8);
    await claims.claim(picks.map((p) => ({ ...p, batchId })), now);
    await claims.idle();
  };
  return { queue, sent, pauses, claims, round };
}

const queued = (e: LedgerEntry, overrides: Partial<QueuedEntry> = {}): QueuedEntry => ({ entry: e, gen: 0, takeover: false, readyAt: T0, ...overrides });

describe('the claim protocol', () => {
  it('lets exactly one of two senders send an entry both see as due', async () => {
    const ledger = new FakeLedger();
    const e = entry('a@x.cz', 'p1');
    ledger.entries.set(e._id, e);
    const one = sender(ledger);
    const two = sender(ledger);
    one.queue.add(queued(e));
    two.queue.add(queued(e));

    await one.round(T0, 'batch-1');
    await two.round(T0, 'batch-2');

    expect(one.sent.map((b) => b.entries.map((q) => q.entry._id))).toEqual([[e._id]]);
    expect(two.sent).toEqual([]);
    expect(ledger.entries.get(e._id)).toMatchObject({ status: 'claimed', batchId: 'batch-1', claims: 1 });
    // The loser keeps the entry as a takeover of the next generation, due when the winner's claim times out.
    expect(two.queue.takeDue(T0 + CLAIM_TIMEOUT_MS - 1, 8).picks).toEqual([]);
    const [taken] = two.queue.takeDue(T0 + CLAIM_TIMEOUT_MS, 8).picks;
    expect(taken.entries.map((q) => [q.entry._id, q.gen, q.takeover])).toEqual([[e._id, 1, true]]);
  });

  it('takes over a claim that was never confirmed and sends the entry again, at the next generation', async () => {
    const ledger = new FakeLedger();
    const e = entry('b@x.cz', 'p1', { status: 'claimed', batchId: 'dead-sender', claimedAt: new Date(T0), claims: 1 });
    ledger.entries.set(e._id, e);
    ledger.claimDocs.set(claimIdOf(e._id, 0), { _id: claimIdOf(e._id, 0), batchId: 'dead-sender', at: new Date(T0) });
    const next = sender(ledger);
    next.queue.add(queued(e, { gen: 1, takeover: true, readyAt: T0 + CLAIM_TIMEOUT_MS }));

    await next.round(T0 + CLAIM_TIMEOUT_MS, 'batch-2');

    expect(next.sent.map((b) => b.entries.map((q) => [q.entry._id, q.gen]))).toEqual([[[e._id, 1]]]);
    expect(ledger.entries.get(e._id)).toMatchObject({ status: 'claimed', batchId: 'batch-2', claims: 2 });
  });

  it('does not send a taken-over entry that its first sender confirmed meanwhile', async () => {
    const ledger = new FakeLedger();
    const e = entry('c@x.cz', 'p1', { status: 'claimed', batchId: 'slow-sender', claimedAt: new Date(T0), claims: 1 });
    ledger.entries.set(e._id, { ...e, status: 'sent', sentAt: new Date(T0 + 70_000) });
    const next = sender(ledger);
    next.queue.add(queued(e, { gen: 1, takeover: true, readyAt: T0 + CLAIM_TIMEOUT_MS }));

    await next.round(T0 + 80_000, 'batch-2');

    expect(next.sent).toEqual([]);
    expect(next.queue.stats()).toMatchObject({ waiting: 0, busy: 0 });
    expect(next.queue.knows(e._id)).toBe(true); // closed: a redelivery of the alert is recognised without a read
  });

  it('closes a lost entry that is no longer open, and keeps one whose generation moved on as it now is', async () => {
    const ledger = new FakeLedger();
    const done = entry('d@x.cz', 'p1');
    const moved = entry('d@x.cz', 'p2');
    ledger.entries.set(done._id, { ...done, status: 'sent', claims: 1 });
    ledger.entries.set(moved._id, { ...moved, status: 'pending', claims: 2, dueAt: new Date(T0 + 30_000) });
    ledger.claimDocs.set(claimIdOf(done._id, 0), { _id: claimIdOf(done._id, 0), batchId: 'other', at: new Date(T0) });
    ledger.claimDocs.set(claimIdOf(moved._id, 0), { _id: claimIdOf(moved._id, 0), batchId: 'other', at: new Date(T0) });
    const stale = sender(ledger);
    stale.queue.add(queued(done));
    stale.queue.add(queued(moved));

    await stale.round(T0, 'batch-stale');

    expect(stale.sent).toEqual([]);
    expect(stale.queue.knows(done._id)).toBe(true);
    // The moved entry waits for its own due time, at the generation the ledger holds.
    const [again] = stale.queue.takeDue(T0 + 30_000, 8).picks;
    expect(again.entries.map((q) => [q.entry._id, q.gen, q.takeover])).toEqual([[moved._id, 2, false]]);
  });

  it('gives the entries back and pauses when the claim cannot be written, sending nothing', async () => {
    const ledger = new FakeLedger();
    const e = entry('e@x.cz', 'p1');
    ledger.entries.set(e._id, e);
    ledger.failClaims = true;
    const one = sender(ledger);
    one.queue.add(queued(e));

    await one.round(T0, 'batch-1');

    expect(one.sent).toEqual([]);
    expect(one.pauses).toEqual(['claiming alerts failed']);
    expect(one.queue.stats()).toMatchObject({ waiting: 1, busy: 0 });
    ledger.failClaims = false;
    await one.round(Date.now() + 5_000, 'batch-2');
    expect(one.sent.map((b) => b.batchId)).toEqual(['batch-2']);
  });
});

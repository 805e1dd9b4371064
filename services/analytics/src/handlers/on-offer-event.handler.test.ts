import { createLogger, type HandlerContext } from '@rr/kit';
import type { Envelope, OfferPublishedV1, OfferUpdatedV1, OfferWithdrawnV1 } from '@rr/proto';
import { exampleOffer } from '@rr/proto/examples';
import type { BucketChange } from '../domain/bucket-changes';
import type { BatchMark } from '../repositories/bucket-filing';
import type { FactChange } from '../domain/fold-offer-events';
import type { OfferFact } from '../domain/offer-fact';
import { onOfferEvents, type FilingPlan, type FilingStores } from './on-offer-event.handler';

type AnyOfferEnvelope = Envelope<OfferPublishedV1 | OfferUpdatedV1 | OfferWithdrawnV1>;
const ctx: HandlerContext = { log: createLogger('test', 'silent'), topic: 'offer.published.v1', partition: 0, offset: '0' };
const envelope = (type: AnyOfferEnvelope['type'], data: AnyOfferEnvelope['data'], n: number): AnyOfferEnvelope =>
  ({ id: `e${n}`, type, version: 1, occurredAt: exampleOffer.createdAt, producer: 'normaliser', correlationId: `c${n}`, key: 'k', data }) as AnyOfferEnvelope;
const published = (id: string, n = 0) => envelope('offer.published', { offer: { ...exampleOffer, id }, fetchedAt: exampleOffer.createdAt }, n);
const withdrawn = (id: string, n = 0) => envelope('offer.withdrawn', { offerId: id, withdrawnAt: '2026-12-01T00:00:00.000Z' }, n);

/**
 * Fake repositories that record what was read and written, in order; `failing` makes the named
 * write fail once. The journal's calls go to `plans`; `restarted()` is another process's handler
 * on the same stores (nothing of the first one's memory).
 */
function fakes() {
  const log: string[] = [];
  const failing = new Set<'buckets' | 'counts' | 'facts' | 'withdrawals'>();
  const failOnce = (what: 'buckets' | 'counts' | 'facts' | 'withdrawals') => {
    if (!failing.delete(what)) return;
    log.push(`${what} failed`);
    throw new Error(`${what} write failed`);
  };
  /** The token of every call to file buckets, failed ones too. */
  const bucketTokens: string[] = [];
  const facts = new Map<string, OfferFact>();
  const pending = new Map<string, number>();
  const notices: { id: string; version: number }[][] = [];
  const plans: string[] = [];
  /** The journal as stored: plans through JSON, as the repository keeps them. */
  const journal = new Map<string, { token: string; json: string }>();
  const stores: FilingStores = {
    facts: {
      findByOfferIds: async (ids) => (log.push(`facts read ${ids.length}`), new Map(ids.flatMap((id) => (facts.has(id) ? [[id, facts.get(id)!]] : [])))),
      saveAll: async (changes: readonly FactChange[]) => {
        failOnce('facts');
        log.push(`facts written ${changes.length}`);
        for (const c of changes) facts.set(c.after.offerId, c.after);
      },
    },
    buckets: {
      fileBuckets: async (changes: readonly BucketChange[], mark: BatchMark) => {
        bucketTokens.push(`${mark.source} ${mark.token}`);
        failOnce('buckets');
        log.push(`buckets written ${changes.length}`);
        return changes.map((c) => ({ key: c.key, layouts: {}, version: 1 }));
      },
      fileCounts: async () => {
        failOnce('counts');
        log.push('counts written');
        return [{ id: 'r:CZ010|Sale', version: 7 }];
      },
    },
    pending: {
      findByOfferIds: async (ids) => (log.push(`withdrawals read ${ids.length}`), new Map(ids.flatMap((id) => (pending.has(id) ? [[id, pending.get(id)!]] : [])))),
      write: async (kept, used) => {
        failOnce('withdrawals');
        log.push(`withdrawals written ${kept.size} kept ${used.length} used`);
        for (const [id, at] of kept) pending.set(id, at);
        for (const id of used) pending.delete(id);
      },
    },
    journal: {
      keep: async (mark, plan) => {
        plans.push(`kept ${mark.source} ${plan.changes.length}`);
        journal.set(mark.source, { token: mark.token, json: JSON.stringify({ ...plan, withdrawalsKept: [...plan.withdrawalsKept] }) });
      },
      left: async (source) => {
        const stored = journal.get(source);
        if (!stored) return null;
        plans.push(`left ${source}`);
        const plan = JSON.parse(stored.json) as FilingPlan & { withdrawalsKept: [string, number][] };
        return { token: stored.token, plan: { ...plan, withdrawalsKept: new Map(plan.withdrawalsKept) } };
      },
      done: async (mark) => {
        if (journal.get(mark.source)?.token === mark.token) journal.delete(mark.source);
        plans.push(`done ${mark.source}`);
      },
    },
  };
  const restarted = () => onOfferEvents(stores, (counts) => notices.push(counts));
  return { handler: restarted(), restarted, log, plans, journal, facts, pending, notices, failing, bucketTokens };
}

describe('onOfferEvents', () => {
  it('reads each store once, writes buckets before facts and withdrawals after them, and sends one notice', async () => {
    const f = fakes();
    f.pending.set('b', Date.parse('2026-11-30T00:00:00.000Z'));
    await f.handler([published('a', 1), published('b', 2), withdrawn('c', 3), published('a', 4)], ctx);
    // a and b lie at one point: their nine buckets (four places, five grid cells) are written once.
    // b's withdrawal kept aside is used, c's is kept; a's second publication changes nothing.
    expect(f.log).toEqual(['facts read 3', 'withdrawals read 3', 'buckets written 9', 'counts written', 'facts written 2', 'withdrawals written 1 kept 1 used']);
    expect(f.notices).toEqual([[{ id: 'r:CZ010|Sale', version: 7 }]]);
    expect(f.facts.get('b')!.withdrawnAt).toBe(Date.parse('2026-11-30T00:00:00.000Z'));
    expect([...f.pending.keys()]).toEqual(['c']);
  });

  it('writes nothing and announces nothing when the batch was filed already', async () => {
    const f = fakes();
    await f.handler([published('a', 1)], ctx);
    f.log.length = 0;
    f.notices.length = 0;
    await f.handler([published('a', 1)], ctx);
    expect(f.log).toEqual(['facts read 1', 'withdrawals read 1']);
    expect(f.notices).toEqual([]);
  });

  it('finishes a batch whose fact write failed from its plan when the batch comes again, moving no offer twice', async () => {
    const f = fakes();
    const batch = [published('a', 1), published('b', 2)];
    f.failing.add('facts');
    await expect(f.handler(batch, ctx)).rejects.toThrow('facts write failed');
    expect(f.notices).toEqual([]);
    f.log.length = 0;
    await f.handler(batch, ctx);
    // Buckets and counts were filed before the failure: only the facts are written, and the
    // batch then folds to nothing.
    expect(f.log).toEqual(['facts written 2', 'facts read 2', 'withdrawals read 2']);
    expect(f.bucketTokens).toHaveLength(1);
    expect(f.notices).toEqual([[{ id: 'r:CZ010|Sale', version: 7 }]]);
    expect([...f.facts.keys()]).toEqual(['a', 'b']);
  });

  it('finishes it too when the bus hands the events over one at a time, and only once', async () => {
    const f = fakes();
    const batch = [published('a', 1), published('b', 2), withdrawn('c', 3)];
    f.failing.add('withdrawals');
    await expect(f.handler(batch, ctx)).rejects.toThrow('withdrawals write failed');
    f.log.length = 0;
    for (const single of batch) await f.handler([single], ctx);
    expect(f.log).toEqual([
      'facts written 2', 'withdrawals written 1 kept 0 used', 'facts read 1', 'withdrawals read 1',
      'facts read 1', 'withdrawals read 1',
      'facts read 1', 'withdrawals read 1',
    ]);
    expect([...f.pending.keys()]).toEqual(['c']);
  });

  it('files the buckets again under the same mark when their write failed, so the repository can tell what it wrote', async () => {
    const f = fakes();
    f.failing.add('buckets');
    await expect(f.handler([published('a', 1)], ctx)).rejects.toThrow('buckets write failed');
    await f.handler([published('a', 1)], ctx);
    expect(f.bucketTokens).toHaveLength(2);
    expect(f.bucketTokens[1]).toBe(f.bucketTokens[0]);
    expect(f.bucketTokens[0]).toMatch(/^offer_published_v1~0 \S+$/);
    // A new batch gets a token of its own.
    await f.handler([published('b', 2)], ctx);
    expect(new Set(f.bucketTokens).size).toBe(2);
  });

  it('files counts that failed after their buckets from the buckets as filed, and announces them once', async () => {
    const f = fakes();
    f.failing.add('counts');
    await expect(f.handler([published('a', 1)], ctx)).rejects.toThrow('counts write failed');
    await f.handler([published('a', 1)], ctx);
    expect(f.log.filter((l) => l.startsWith('counts'))).toEqual(['counts failed', 'counts written']);
    expect(f.notices).toHaveLength(1);
  });

  it('finishes a batch given up part-written before the next one, from memory or else from the journal', async () => {
    const f = fakes();
    f.failing.add('facts');
    await expect(f.handler([published('a', 1)], ctx)).rejects.toThrow();
    f.log.length = 0;
    await f.handler([published('b', 2)], ctx);
    expect(f.log.slice(0, 3)).toEqual(['facts written 1', 'facts read 1', 'withdrawals read 1']);
    expect([...f.facts.keys()].sort()).toEqual(['a', 'b']);

    const g = fakes();
    const warnings: unknown[] = [];
    const logged: HandlerContext = { ...ctx, log: { ...ctx.log, warn: (o: unknown) => warnings.push(o), debug: () => {} } as unknown as HandlerContext['log'] };
    g.failing.add('facts');
    await expect(g.handler([published('a', 1)], logged)).rejects.toThrow();
    g.failing.add('facts');
    // Finishing a's batch from memory fails again: its plan stays in the journal, and the next
    // batch of its partition (this one) finishes it from there before b's.
    await g.handler([published('b', 2)], logged);
    expect(warnings).toEqual([expect.objectContaining({ source: 'offer_published_v1~0', offers: 1 }), expect.objectContaining({ source: 'offer_published_v1~0', offers: 1 })]);
    expect([...g.facts.keys()].sort()).toEqual(['a', 'b']);
    expect(g.journal.size).toBe(0);
  });

  it('keeps each plan in the journal from before its first write until its last, and none for a batch that writes nothing', async () => {
    const f = fakes();
    await f.handler([published('a', 1), published('b', 2)], ctx);
    expect(f.plans).toEqual(['kept offer_published_v1~0 2', 'done offer_published_v1~0']);
    f.plans.length = 0;
    await f.handler([published('a', 1)], ctx);
    expect(f.plans).toEqual([]);
  });

  it('finishes a batch whose process died part-way from the journal, under its mark, before reading the next batch', async () => {
    const f = fakes();
    const batch = [published('a', 1), published('b', 2), withdrawn('c', 3)];
    f.failing.add('facts');
    await expect(f.handler(batch, ctx)).rejects.toThrow('facts write failed');
    // The process dies: a new one gets the batch again from Kafka.
    f.log.length = 0;
    const restarted = f.restarted();
    await restarted(batch, ctx);
    // The buckets are filed again under the same mark (the repository answers those that hold it
    // as they are), then facts and withdrawals; the batch then folds to nothing.
    expect(f.bucketTokens).toHaveLength(2);
    expect(f.bucketTokens[1]).toBe(f.bucketTokens[0]);
    expect(f.log).toEqual(['buckets written 9', 'counts written', 'facts written 2', 'withdrawals written 1 kept 0 used', 'facts read 3', 'withdrawals read 3']);
    expect([...f.facts.keys()]).toEqual(['a', 'b']);
    expect([...f.pending.keys()]).toEqual(['c']);
    expect(f.journal.size).toBe(0);
  });

  it('leaves another partition\'s plan to that partition', async () => {
    const f = fakes();
    f.failing.add('facts');
    await expect(f.handler([published('a', 1)], ctx)).rejects.toThrow();
    const restarted = f.restarted();
    await restarted([published('b', 2)], { ...ctx, partition: 1 });
    expect([...f.facts.keys()]).toEqual(['b']);
    expect([...f.journal.keys()]).toEqual(['offer_published_v1~0']);
    await restarted([published('x', 3)], ctx);
    expect([...f.facts.keys()].sort()).toEqual(['a', 'b', 'x']);
    expect(f.journal.size).toBe(0);
  });
});

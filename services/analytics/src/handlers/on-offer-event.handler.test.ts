import { createLogger, type HandlerContext } from '@rr/kit';
import type { Envelope, OfferPublishedV1, OfferUpdatedV1, OfferWithdrawnV1 } from '@rr/proto';
import { exampleOffer } from '@rr/proto/examples';
import type { BucketChange } from '../domain/bucket-changes';
import type { FactChange } from '../domain/fold-offer-events';
import type { OfferFact } from '../domain/offer-fact';
import { onOfferEvents } from './on-offer-event.handler';

type AnyOfferEnvelope = Envelope<OfferPublishedV1 | OfferUpdatedV1 | OfferWithdrawnV1>;
const ctx: HandlerContext = { log: createLogger('test', 'silent'), topic: 'offer.published.v1', partition: 0, offset: '0' };
const envelope = (type: AnyOfferEnvelope['type'], data: AnyOfferEnvelope['data'], n: number): AnyOfferEnvelope =>
  ({ id: `e${n}`, type, version: 1, occurredAt: exampleOffer.createdAt, producer: 'normaliser', correlationId: `c${n}`, key: 'k', data }) as AnyOfferEnvelope;
const published = (id: string, n = 0) => envelope('offer.published', { offer: { ...exampleOffer, id }, fetchedAt: exampleOffer.createdAt }, n);
const withdrawn = (id: string, n = 0) => envelope('offer.withdrawn', { offerId: id, withdrawnAt: '2026-12-01T00:00:00.000Z' }, n);

/** Fake repositories that record what was read and written, in order. */
function fakes() {
  const log: string[] = [];
  const facts = new Map<string, OfferFact>();
  const pending = new Map<string, number>();
  const notices: { id: string; version: number }[][] = [];
  const handler = onOfferEvents(
    {
      findByOfferIds: async (ids) => (log.push(`facts read ${ids.length}`), new Map(ids.flatMap((id) => (facts.has(id) ? [[id, facts.get(id)!]] : [])))),
      saveAll: async (changes: readonly FactChange[]) => {
        log.push(`facts written ${changes.length}`);
        for (const c of changes) facts.set(c.after.offerId, c.after);
      },
    },
    { applyChanges: async (changes: readonly BucketChange[]) => (log.push(`buckets written ${changes.length}`), [{ id: 'r:CZ010|Sale', version: 7 }]) },
    {
      findByOfferIds: async (ids) => (log.push(`withdrawals read ${ids.length}`), new Map(ids.flatMap((id) => (pending.has(id) ? [[id, pending.get(id)!]] : [])))),
      write: async (kept, used) => {
        log.push(`withdrawals written ${kept.size} kept ${used.length} used`);
        for (const [id, at] of kept) pending.set(id, at);
        for (const id of used) pending.delete(id);
      },
    },
    (counts) => notices.push(counts),
  );
  return { handler, log, facts, pending, notices };
}

describe('onOfferEvents', () => {
  it('reads each store once, writes buckets before facts and withdrawals after them, and sends one notice', async () => {
    const f = fakes();
    f.pending.set('b', Date.parse('2026-11-30T00:00:00.000Z'));
    await f.handler([published('a', 1), published('b', 2), withdrawn('c', 3), published('a', 4)], ctx);
    // a and b lie at one point: their nine buckets (four places, five grid cells) are written once.
    // b's withdrawal kept aside is used, c's is kept; a's second publication changes nothing.
    expect(f.log).toEqual(['facts read 3', 'withdrawals read 3', 'buckets written 9', 'facts written 2', 'withdrawals written 1 kept 1 used']);
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
});

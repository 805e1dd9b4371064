import { createLogger } from '@rr/kit';
import type { OutgoingEvent } from '../domain/outgoing-event';
import { OutboxRelay } from './outbox-relay';

const withdrawn = (offerId: string): OutgoingEvent => ({ type: 'offer.withdrawn', key: offerId, data: { offerId, withdrawnAt: '2026-03-01T10:00:00.000Z' } });

function relayWith(publish: (events: OutgoingEvent[]) => Promise<void>) {
  const marks: number[] = [];
  const relay = new OutboxRelay({ publish, markPublished: async (seq) => void marks.push(seq), log: createLogger('test', 'silent'), retryMs: 60_000 });
  return { relay, marks };
}

describe('outbox relay', () => {
  it('publishes journaled batches oldest first and marks the last one published', async () => {
    const sent: string[] = [];
    const { relay, marks } = relayWith(async (events) => void sent.push(...events.map((e) => e.key)));
    relay.add(1, [withdrawn('of_a'), withdrawn('of_b')]);
    relay.add(2, [withdrawn('of_c')]);
    expect(await relay.flush()).toBe(true);
    expect(sent).toEqual(['of_a', 'of_b', 'of_c']);
    expect(marks).toEqual([2]);
    expect(relay.backlog).toBe(0);
  });

  it('keeps the events of a failed publish and sends them, in order, on the next try', async () => {
    const sent: string[] = [];
    let brokerUp = false;
    const { relay, marks } = relayWith(async (events) => {
      if (!brokerUp) throw new Error('broker unreachable');
      sent.push(...events.map((e) => e.key));
    });
    relay.add(1, [withdrawn('of_a')]);
    expect(await relay.flush()).toBe(false);
    expect(marks).toEqual([]);
    relay.add(2, [withdrawn('of_b')]);
    brokerUp = true;
    expect(await relay.flush()).toBe(true);
    expect(sent).toEqual(['of_a', 'of_b']);
    expect(marks).toEqual([2]);
    expect(relay.failures).toBe(1);
  });

  it('runs one drain at a time: a flush during a publish waits for it and sends what came meanwhile', async () => {
    const rounds: string[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { relay } = relayWith(async (events) => {
      rounds.push(events.map((e) => e.key));
      if (rounds.length === 1) await gate;
    });
    relay.add(1, [withdrawn('of_a')]);
    const first = relay.flush();
    relay.add(2, [withdrawn('of_b')]);
    const second = relay.flush();
    release();
    await Promise.all([first, second]);
    expect(rounds).toEqual([['of_a'], ['of_b']]);
  });
});

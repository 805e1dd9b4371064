import type { Bus, Logger } from '@rr/kit';
import type { OutgoingEvent } from '../domain/outgoing-event';

export type RelayDeps = {
  publish: (events: OutgoingEvent[]) => Promise<void>;
  markPublished: (seq: number) => Promise<void>;
  log: Logger;
  /** How often a backlog left by a failed publish is tried again. */
  retryMs: number;
};

/**
 * Releases journaled batches' events to Kafka, oldest first, after their write committed. A
 * publish that fails leaves the backlog in place; the timer tries again, and a restart publishes
 * whatever the journal says is unpublished (at least once: consumers are idempotent by offer id).
 */
export class OutboxRelay {
  private readonly queue: Array<{ seq: number; events: OutgoingEvent[] }> = [];
  private draining: Promise<boolean> | null = null;
  private timer: NodeJS.Timeout | null = null;
  published = 0;
  failures = 0;

  constructor(private readonly deps: RelayDeps) {}

  get backlog(): number {
    return this.queue.length;
  }

  add(seq: number, events: OutgoingEvent[]): void {
    this.queue.push({ seq, events });
  }

  start(): void {
    this.timer = setInterval(() => void (this.queue.length > 0 && this.flush()), this.deps.retryMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  /** Publishes everything queued; true when nothing is left. */
  flush(): Promise<boolean> {
    this.draining ??= this.drain().finally(() => (this.draining = null));
    return this.draining;
  }

  private async drain(): Promise<boolean> {
    while (this.queue.length > 0) {
      // Everything queued goes in one round of sends (Kafka batches them); order is kept per topic.
      const round = this.queue.slice();
      try {
        await this.deps.publish(round.flatMap((b) => b.events));
      } catch (err) {
        this.failures++;
        this.deps.log.warn({ err: (err as Error).message, backlog: this.queue.length }, 'offer events not published yet; they stay in the outbox and are tried again');
        return false;
      }
      this.queue.splice(0, round.length);
      this.published += round.reduce((s, b) => s + b.events.length, 0);
      const last = round[round.length - 1].seq;
      await this.deps.markPublished(last).catch((err: Error) => this.deps.log.warn({ err: err.message, seq: last }, 'outbox mark not written; a restart publishes these events again'));
    }
    return true;
  }
}

/**
 * Per event type, published before updated (and relisted) before withdrawn, so a consumer reading
 * the topics in that order never sees an update before its offer.
 */
export function offerEventPublisher(bus: Bus) {
  return async (events: OutgoingEvent[]): Promise<void> => {
    for (const type of ['offer.published', 'offer.updated', 'offer.relisted', 'offer.withdrawn'] as const) {
      const list = events.filter((e): e is OutgoingEvent<typeof type> => e.type === type);
      if (list.length > 0) await bus.publishMany(type, list.map((e) => ({ key: e.key, data: e.data, correlationId: e.correlationId, trace: e.trace })));
    }
  };
}

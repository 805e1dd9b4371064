import { randomUUID } from 'node:crypto';
import { Kafka, Partitioners, logLevel, type Admin, type Consumer, type IHeaders, type KafkaMessage, type Producer } from 'kafkajs';
import { EVENTS, HEADERS, allTopics, dlqTopicOf, parseEventData, topicOf, type Envelope, type ErrorCode, type EventData, type EventType } from '@rr/proto';
import { context, type Context, type Span } from '@opentelemetry/api';
import { AppError, errorCodeOf, isRetriable } from '../errors';
import type { Logger } from '../logger';
import { metrics } from '../metrics';
import { failSpan, type TraceCarrier } from '../telemetry';
import { decodeEnvelope, encodeEnvelope } from './codec';
import { kafkaLogCreator } from './kafka-log';
import { consumerSpan, endSpans, producerHeaders, tracingActive } from './tracing';
import { sleep } from '../sleep';

export { traceContextOf } from './tracing';

/**
 * The only module that knows kafkajs. Everything else speaks in proto event types, so swapping
 * the client library (kafkajs is unmaintained) touches this folder alone.
 */

export type BusOptions = {
  clientId: string;
  brokers: string[];
  topicPrefix?: string;
  logger: Logger;
};

export type PublishOptions = { correlationId?: string };

/**
 * One event to publish. `correlationId` and `trace` (the W3C headers of the context it came
 * from) are for events that leave long after the message that caused them, e.g. through an
 * outbox; otherwise the publish options' correlation id and the active trace context apply.
 */
export type PublishItem<T extends EventType> = { key: string; data: EventData<T>; partition?: number; correlationId?: string; trace?: TraceCarrier };

export type HandlerContext = { log: Logger; topic: string; partition: number; offset: string };
export type HandlerResult = 'processed' | 'skipped' | void;

export type Subscription<T extends EventType> = {
  /** `<service>.<handler>`; never renamed, or the group starts over. */
  group: string;
  events: T[];
  fromBeginning?: boolean;
  /** One event at a time, in partition order. */
  handle?: (event: Envelope<EventData<T>>, ctx: HandlerContext) => Promise<HandlerResult>;
  /** A whole fetched batch at once, for bulk writes. Failing batches are retried one by one to isolate a poison message. */
  handleBatch?: (events: Array<Envelope<EventData<T>>>, ctx: HandlerContext) => Promise<void>;
  /** Attempts for a non-retriable failure before the message goes to the dead-letter topic. */
  maxAttempts?: number;
  /**
   * Bytes one fetch may bring per partition (kafkajs's default: 1 MB), for a subscription that
   * reads a whole topic at start (the matcher's replay): fewer, larger fetches.
   */
  fetchBytesPerPartition?: number;
  /**
   * At most this many events per `handleBatch` call, each slice decoded just before its call: a
   * replay of large fetches then holds one slice's parsed events at a time, not a whole fetch's,
   * so fewer of them outlive the young generation (less for the collector to copy and promote).
   */
  batchSize?: number;
  /**
   * For a consumer that keeps handed-over work in memory: while false, the next fetched batch
   * waits (the group's heartbeats go on), so what it holds stays bounded and Kafka keeps the rest.
   */
  hasRoom?: () => boolean;
};

export type RawMessage = { key: string | null; value: string; headers: Record<string, string> };

/** A message as stored, with where it is: what tools that work on whole topics (dead letters) read. Topic names without the prefix. */
export type RawRecord = RawMessage & { topic: string; partition: number; offset: string; timestamp: string };

export type RawSubscription = {
  /** `<service>.<handler>`, as for events. */
  group: string;
  /** Full topic names without the prefix, e.g. `offer.published.v1.dlq`. */
  topics: string[];
  fromBeginning?: boolean;
  /** A fetched batch of one partition; retried with backoff until it succeeds (nothing is skipped). */
  handleBatch: (records: RawRecord[]) => Promise<void>;
};

/** A fetched message decoded into one of the subscription's events. */
type Received<T extends EventType> = { envelope: Envelope<EventData<T>>; message: KafkaMessage };

export type EndOffsets = Array<{ topic: string; partition: number; offset: string }>;

const BACKOFF_CAP_MS = 10_000;
const IDLE_FETCH_WAIT_MS = 500;
/** How often a consumer without room looks again. */
const ROOM_POLL_MS = 100;

/**
 * A produce request carries one record batch per partition, and the broker refuses a batch over
 * `message.max.bytes` (1 MB by default): larger publishes go out in requests of at most this,
 * one after another, so order within a partition holds.
 */
const MAX_REQUEST_BYTES = 512 * 1024;

/** Consecutive runs of messages whose values add up to at most `maxBytes` (a larger message runs alone). */
export function chunksBySize<M extends { value: string | Buffer | null }>(messages: M[], maxBytes: number): M[][] {
  const chunks: M[][] = [];
  let current: M[] = [];
  let bytes = 0;
  for (const m of messages) {
    const size = m.value === null ? 0 : Buffer.byteLength(m.value);
    if (current.length > 0 && bytes + size > maxBytes) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(m);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/**
 * Data that came out of its event's schema through `checkEvent`: publishing it does not parse it
 * again (a producer that checks each item to set bad ones aside would otherwise pay twice).
 * Consumers still validate everything they read.
 */
const conforming = new WeakSet<object>();

export type EventCheck<T extends EventType> = { ok: true; data: EventData<T> } | { ok: false; reason: string };

/** Parses data against its event's schema; what passes is publishable as is. */
export function checkEvent<T extends EventType>(type: T, data: unknown): EventCheck<T> {
  const parsed = parseEventData(type, data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: `${issue.path.join('.') || '(data)'}: ${issue.message}` };
  }
  conforming.add(parsed.data as object);
  return { ok: true, data: parsed.data as EventData<T> };
}

export class Bus {
  private readonly kafka: Kafka;
  private readonly producer: Producer;
  private readonly admin: Admin;
  private readonly consumers: Consumer[] = [];
  private readonly log: Logger;
  private readonly prefix: string;
  private producerConnected = false;
  private stopping = false;

  constructor(private readonly options: BusOptions) {
    this.log = options.logger.child({ component: 'bus' });
    this.prefix = options.topicPrefix ?? '';
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      logLevel: logLevel.WARN,
      logCreator: kafkaLogCreator(this.log),
      connectionTimeout: 3_000,
      requestTimeout: 10_000,
      retry: { initialRetryTime: 300, retries: 8, maxRetryTime: 5_000 },
    });
    this.producer = this.kafka.producer({
      createPartitioner: Partitioners.DefaultPartitioner,
      // Bounded retries so a publish fails (and the caller can answer 503 or retry) instead of
      // hanging while the broker is away; consumers are idempotent, so a rare duplicate is harmless.
      idempotent: false,
      retry: { retries: 6, initialRetryTime: 300, maxRetryTime: 3_000 },
    });
    this.producer.on(this.producer.events.DISCONNECT, () => (this.producerConnected = false));
    this.admin = this.kafka.admin();
  }

  topic(type: EventType): string {
    return this.prefix + topicOf(type);
  }

  async connect(): Promise<void> {
    await this.admin.connect();
    await this.producer.connect();
    this.producerConnected = true;
  }

  /** Creates every topic of the registry that does not exist yet (idempotent). */
  async ensureTopics(): Promise<string[]> {
    const existing = new Set(await this.admin.listTopics());
    const missing = allTopics()
      .map((t) => ({ ...t, name: this.prefix + t.name }))
      .filter((t) => !existing.has(t.name));
    if (missing.length === 0) return [];
    // kafkajs's own wait for leaders gives up on "does not host this topic-partition" while a new
    // topic is being served; waitUntilServed below retries that.
    await this.admin.createTopics({
      waitForLeaders: false,
      topics: missing.map((t) => ({
        topic: t.name,
        numPartitions: t.partitions,
        replicationFactor: 1,
        configEntries: [{ name: 'cleanup.policy', value: t.cleanup }],
      })),
    });
    await this.waitUntilServed(missing.map((t) => t.name));
    return missing.map((t) => t.name);
  }

  /**
   * A topic just created is not served at once ("does not host this topic-partition"); a
   * producer that sends right away fails. Wait until every partition has a leader in the metadata.
   */
  private async waitUntilServed(topics: string[], timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        const { topics: meta } = await this.admin.fetchTopicMetadata({ topics });
        if (meta.length === topics.length && meta.every((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0))) return;
      } catch (err) {
        if (Date.now() > deadline) throw err;
      }
      if (Date.now() > deadline) throw new Error(`topics not served after ${timeoutMs} ms: ${topics.join(', ')}`);
      await sleep(100);
    }
  }

  /** Validates against the event's schema and refuses what does not fit, before anything is sent. */
  async publish<T extends EventType>(type: T, key: string, data: EventData<T>, options: PublishOptions = {}): Promise<Envelope<EventData<T>>> {
    const [envelope] = await this.publishMany(type, [{ key, data }], options);
    return envelope;
  }

  async publishMany<T extends EventType>(
    type: T,
    items: Array<PublishItem<T>>,
    options: PublishOptions = {},
  ): Promise<Array<Envelope<EventData<T>>>> {
    if (items.length === 0) return [];
    const topic = this.topic(type);
    const envelopes = items.map((item) => this.envelope(type, item.key, item.data, item.correlationId ?? options.correlationId));
    const traced = producerHeaders(topic, type, this.options.clientId, items);
    // `partition` pins a message where the key hash would not do, e.g. one partition per portal.
    const messages = envelopes.map((e, i) => ({ key: e.key, value: encodeEnvelope(e), headers: { ...headersOf(e), ...traced.headers[i] }, partition: items[i].partition }));
    try {
      for (const chunk of chunksBySize(messages, MAX_REQUEST_BYTES)) await this.send(topic, chunk);
    } catch (err) {
      for (const span of traced.spans) failSpan(span, err);
      throw err;
    } finally {
      endSpans(traced.spans);
    }
    metrics.eventsPublished.inc({ service: this.options.clientId, type }, items.length);
    return envelopes;
  }

  /**
   * kafkajs lets some retriable metadata errors escape `send` (a topic that is new or moving
   * leader); a few short retries cover them before the caller sees a failure.
   */
  private async send(topic: string, messages: Array<{ key: string | Buffer | null; value: string | Buffer | null; headers?: IHeaders; partition?: number }>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.producer.send({ topic, messages });
        return;
      } catch (err) {
        if (attempt >= 5 || !isRetriableKafkaError(err)) throw err;
        await sleep(200 * attempt);
      }
    }
  }

  private envelope<T extends EventType>(type: T, key: string, data: EventData<T>, correlationId?: string): Envelope<EventData<T>> {
    const checked = conforming.has(data as object) ? { ok: true as const, data } : checkEvent(type, data);
    if (!checked.ok) throw new AppError('EVENT_SCHEMA_INVALID', `${type} v${EVENTS[type].version} refused: ${checked.reason}`);
    return {
      id: randomUUID(),
      type,
      version: EVENTS[type].version,
      occurredAt: new Date().toISOString(),
      producer: this.options.clientId,
      correlationId: correlationId ?? randomUUID(),
      key,
      data: checked.data,
    };
  }

  async subscribe<T extends EventType>(sub: Subscription<T>): Promise<void> {
    if (!sub.handle && !sub.handleBatch) throw new Error(`subscription ${sub.group} has no handler`);
    const consumer = this.kafka.consumer({
      groupId: this.prefix + sub.group,
      retry: { retries: Number.MAX_SAFE_INTEGER, initialRetryTime: 500, maxRetryTime: 5_000 },
      sessionTimeout: 15_000,
      heartbeatInterval: 1_000,
      // How long the broker holds a fetch that finds nothing new (one that finds a message returns
      // at once): an idle consumer asks five times a second rather than ten. Thirty idle consumers
      // of a whole system cost ~22 % of a core in fetches at 100 ms (node and Kafka together).
      maxWaitTimeInMs: IDLE_FETCH_WAIT_MS,
      ...(sub.fetchBytesPerPartition ? { maxBytesPerPartition: sub.fetchBytesPerPartition, maxBytes: Math.max(10_485_760, 4 * sub.fetchBytesPerPartition) } : {}),
    });
    this.consumers.push(consumer);
    const topics = sub.events.map((t) => this.topic(t));
    const start = async () => {
      await consumer.connect();
      if (!sub.fromBeginning) await this.pinUncommittedPartitions(this.prefix + sub.group, topics);
      await consumer.subscribe({ topics, fromBeginning: sub.fromBeginning ?? false });
      await consumer.run({
        autoCommitInterval: 1_000,
        eachBatchAutoResolve: false,
        partitionsConsumedConcurrently: 1,
        eachBatch: (payload) => this.consumeBatch(sub, payload),
      });
    };
    // kafkajs gives up on errors it deems fatal; rather than crash-looping the process we start again.
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (payload.restart || this.stopping) return;
      this.log.error({ err: payload.error, group: sub.group }, 'consumer stopped; restarting in 5 s');
      setTimeout(() => void start().catch((err) => this.log.error({ err }, 'consumer restart failed')), 5_000).unref();
    });
    await start();
  }

  /**
   * A group that starts at the end of its topics must not start at the end again after a crash:
   * Kafka would skip what was published while it was down on every partition where the group has
   * not committed yet (a partition that had no message so far). So before a group consumes, each
   * such partition gets the topic's current end as its committed offset. Kafka refuses while the
   * group has live members (another replica already consuming, or a crashed one not yet expired):
   * then those partitions stay as they are, and the next start without members pins them.
   */
  private async pinUncommittedPartitions(groupId: string, topics: string[]): Promise<void> {
    const committed = await this.admin.fetchOffsets({ groupId, topics });
    for (const { topic, partitions } of committed) {
      const missing = partitions.filter((p) => p.offset === '-1').map((p) => p.partition);
      if (missing.length === 0) continue;
      const ends = new Map((await this.topicEnds(topic)).map((p) => [p.partition, p.high]));
      await this.admin
        .setOffsets({ groupId, topic, partitions: missing.map((partition) => ({ partition, offset: ends.get(partition) ?? '0' })) })
        .catch((err: Error) => this.log.debug({ err, groupId, topic }, 'partitions not pinned: the group has live members'));
    }
  }

  private async consumeBatch<T extends EventType>(sub: Subscription<T>, payload: Parameters<NonNullable<Parameters<Consumer['run']>[0]>['eachBatch'] & {}>[0]): Promise<void> {
    const { batch, resolveOffset, heartbeat, isRunning, isStale, commitOffsetsIfNecessary } = payload;
    while (sub.hasRoom && !sub.hasRoom()) {
      if (!isRunning() || isStale() || this.stopping) return;
      await sleep(ROOM_POLL_MS);
      await heartbeat().catch(() => undefined);
    }
    const ctxBase = { topic: batch.topic, partition: batch.partition };
    const service = this.options.clientId;
    metrics.consumerLag.set({ service, group: sub.group, topic: batch.topic, partition: String(batch.partition) }, Number(batch.offsetLag()));
    // A single handler runs inside its message's span (what it publishes continues the trace);
    // a batch handler runs outside any, and finds each message's context with traceContextOf.
    const run = async (items: Array<Received<T>>, spans: Map<Received<T>, { span: Span; ctx: Context }>) => {
      const last = items[items.length - 1];
      const ctx = this.context(ctxBase, last.envelope, last.message.offset);
      if (sub.handleBatch) await sub.handleBatch(items.map((i) => i.envelope), ctx);
      else await context.with(spans.get(items[0])!.ctx, () => sub.handle!(items[0].envelope, ctx));
    };
    // A batch handler runs in no message's span: with tracing off (no propagator, no recording
    // provider) its messages' spans would record nothing, and cost the matcher's replay ~2 µs each.
    const traced = !sub.handleBatch || tracingActive();
    const sliceSize = sub.handleBatch && sub.batchSize ? sub.batchSize : batch.messages.length;
    for (let from = 0; from < batch.messages.length; from += sliceSize) {
      const valid = await this.receive(sub, batch.topic, batch.messages.slice(from, from + sliceSize));
      const groups = sub.handleBatch && valid.length > 0 ? [valid] : valid.map((v) => [v]);
      for (const items of groups) {
        if (!isRunning() || isStale()) return;
        const spans = new Map(traced ? items.map((i) => [i, consumerSpan(i.envelope, i.message.headers, { ...ctxBase, offset: i.message.offset, group: sub.group, clientId: service })]) : []);
        const pending = new Set(items);
        const done = (item: Received<T>, failure?: { code: string; message: string }) => {
          if (!pending.delete(item)) return;
          const entry = spans.get(item);
          if (entry) endSpans([entry.span], failure);
          spans.delete(item);
          if (!failure) metrics.eventsHandled.inc({ service, group: sub.group, type: item.envelope.type });
        };
        // A whole group handled: counted once per type and resolved at its last offset (Kafka
        // keeps one offset per partition), not item by item — a replay's million events.
        const allDone = () => {
          const handled = new Map<string, number>();
          for (const item of pending) {
            const entry = spans.get(item);
            if (entry) endSpans([entry.span]);
            handled.set(item.envelope.type, (handled.get(item.envelope.type) ?? 0) + 1);
          }
          pending.clear();
          spans.clear();
          for (const [type, n] of handled) metrics.eventsHandled.inc({ service, group: sub.group, type }, n);
          resolveOffset(items[items.length - 1].message.offset);
        };
        try {
          const result = await this.withRetries(sub, () => run(items, spans), heartbeat, isRunning, this.failureLog(ctxBase, items));
          if (result === 'stopped') return;
          if (result !== 'ok') {
            // Isolate the poison message: one by one, dead-lettering only those that still fail.
            for (const item of items) {
              const single = items.length === 1 ? result : await this.withRetries(sub, () => run([item], spans), heartbeat, isRunning, this.failureLog(ctxBase, [item]));
              if (single === 'stopped') return;
              if (single !== 'ok') await this.deadLetter(batch.topic, item.message, single.code, single.message, sub.group);
              done(item, single === 'ok' ? undefined : single);
              resolveOffset(item.message.offset);
            }
          }
          allDone();
        } finally {
          endSpans([...spans.values()].map((e) => e.span));
        }
        await heartbeat();
      }
    }
    // Dead-lettered messages that were in no group are done too.
    if (batch.messages.length > 0) resolveOffset(batch.messages[batch.messages.length - 1].offset);
    await commitOffsetsIfNecessary();
  }

  /** Decodes fetched messages into the subscription's events; dead-letters those that are not. */
  private async receive<T extends EventType>(sub: Subscription<T>, topic: string, messages: KafkaMessage[]): Promise<Array<Received<T>>> {
    const valid: Array<Received<T>> = [];
    for (const message of messages) {
      const decoded = decodeEnvelope(message.value);
      if (decoded.ok && (sub.events as string[]).includes(decoded.envelope.type)) {
        const schema = parseEventData(decoded.envelope.type as T, decoded.envelope.data);
        if (schema.success) {
          valid.push({ envelope: { ...decoded.envelope, data: schema.data } as Envelope<EventData<T>>, message });
          continue;
        }
        await this.deadLetter(topic, message, 'EVENT_SCHEMA_INVALID', `${schema.error.issues[0].path.join('.')}: ${schema.error.issues[0].message}`, sub.group);
      } else {
        await this.deadLetter(topic, message, 'EVENT_SCHEMA_INVALID', decoded.ok ? `unexpected type ${decoded.envelope.type}` : decoded.reason, sub.group);
      }
    }
    return valid;
  }

  /** Retries retriable errors until the infrastructure is back; others up to maxAttempts. */
  private async withRetries(
    sub: Pick<Subscription<EventType>, 'group' | 'maxAttempts'>,
    fn: () => Promise<void>,
    heartbeat: () => Promise<void>,
    isRunning: () => boolean,
    log: Logger,
  ): Promise<'ok' | 'stopped' | { code: ErrorCode; message: string }> {
    const maxAttempts = sub.maxAttempts ?? 3;
    let failures = 0;
    for (let attempt = 1; ; attempt++) {
      try {
        await fn();
        return 'ok';
      } catch (err) {
        log.warn({ err, group: sub.group, attempt }, 'handler failed');
        metrics.handlerFailures.inc({ service: this.options.clientId, group: sub.group });
        if (!isRetriable(err) && ++failures >= maxAttempts) {
          const code = errorCodeOf(err);
          return { code: code === 'INTERNAL' ? 'EVENT_HANDLER_FAILED' : code, message: String((err as Error).message) };
        }
      }
      if (!isRunning() || this.stopping) return 'stopped';
      await sleep(Math.min(BACKOFF_CAP_MS, 200 * 2 ** Math.min(attempt, 6)) * (0.5 + Math.random() / 2));
      await heartbeat().catch(() => undefined);
    }
  }

  /** Names the event (or a batch's first and last) in the handler-failure line. */
  private failureLog(base: { topic: string; partition: number }, items: Array<{ envelope: Envelope; message: KafkaMessage }>): Logger {
    const [first] = items;
    const last = items[items.length - 1];
    if (items.length === 1) return this.context(base, first.envelope, first.message.offset).log;
    return this.log.child({
      topic: base.topic, partition: base.partition, events: items.length,
      firstEventId: first.envelope.id, firstOffset: first.message.offset, lastEventId: last.envelope.id, lastOffset: last.message.offset,
    });
  }

  private context(base: { topic: string; partition: number }, envelope: Envelope, offset: string): HandlerContext {
    return {
      ...base,
      offset,
      log: this.log.child({ eventId: envelope.id, correlationId: envelope.correlationId, topic: base.topic, partition: base.partition, offset }),
    };
  }

  private async deadLetter(topic: string, message: KafkaMessage, code: string, reason: string, group: string): Promise<void> {
    metrics.eventsFailed.inc({ service: this.options.clientId, group, topic, code });
    this.log.error({ topic, offset: message.offset, code, reason }, 'message moved to the dead-letter topic');
    const headers: IHeaders = {
      ...(message.headers ?? {}), [HEADERS.errorCode]: code, [HEADERS.errorMessage]: reason.slice(0, 1000), [HEADERS.originalTopic]: topic,
      [HEADERS.consumerGroup]: group,
    };
    await this.send(dlqTopicOf(topic), [{ key: message.key, value: message.value, headers }]);
  }

  /**
   * Deletes the topics whose names match, e.g. the prefixed topics a test run or a benchmark made:
   * thousands of leftover partitions make the broker slow to start and to stop.
   */
  async deleteTopicsMatching(pattern: RegExp | ((topic: string) => boolean)): Promise<number> {
    const matches = typeof pattern === 'function' ? pattern : (topic: string) => pattern.test(topic);
    const doomed = (await this.admin.listTopics()).filter(matches);
    for (let i = 0; i < doomed.length; i += 200) {
      await this.admin.deleteTopics({ topics: doomed.slice(i, i + 200), timeout: 30_000 });
    }
    return doomed.length;
  }

  /** The current end of every partition of an event's topic, e.g. to know when a replay has caught up. */
  async endOffsets(type: EventType): Promise<EndOffsets> {
    const topic = this.topic(type);
    return (await this.topicEnds(topic)).map((o) => ({ topic, partition: o.partition, offset: o.high }));
  }

  private async topicEnds(topic: string): Promise<Array<{ partition: number; high: string }>> {
    // Just after a topic is made the broker may not yet lead its partitions: that passes.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.admin.fetchTopicOffsets(topic);
      } catch (err) {
        if (attempt >= 10 || !isRetriableKafkaError(err)) throw err;
        await sleep(100 * attempt);
      }
    }
  }

  /** Sends raw bytes to a topic, bypassing validation: only for tests of the consumer's defences. */
  async publishRaw(type: EventType, key: string, value: string): Promise<void> {
    await this.send(this.topic(type), [{ key, value }]);
  }

  /**
   * Consumes topics as raw records, without envelopes or schemas: for tools that must see every
   * message as it is (the dead-letter index). A failing batch is retried, never dead-lettered.
   */
  async subscribeRaw(sub: RawSubscription): Promise<void> {
    const consumer = this.kafka.consumer({
      groupId: this.prefix + sub.group,
      retry: { retries: Number.MAX_SAFE_INTEGER, initialRetryTime: 500, maxRetryTime: 5_000 },
      maxWaitTimeInMs: 200, sessionTimeout: 15_000, heartbeatInterval: 1_000,
    });
    this.consumers.push(consumer);
    const start = async () => {
      await consumer.connect();
      await consumer.subscribe({ topics: sub.topics.map((t) => this.prefix + t), fromBeginning: sub.fromBeginning ?? false });
      await consumer.run({ eachBatchAutoResolve: false, eachBatch: (payload) => this.consumeRawBatch(sub, payload) });
    };
    // As for event consumers: a crash kafkajs deems fatal starts the consumer again rather than leaving it dead.
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (payload.restart || this.stopping) return;
      this.log.error({ err: payload.error, group: sub.group }, 'raw consumer stopped; restarting in 5 s');
      setTimeout(() => void start().catch((err) => this.log.error({ err }, 'raw consumer restart failed')), 5_000).unref();
    });
    await start();
  }

  private async consumeRawBatch(sub: RawSubscription, payload: Parameters<NonNullable<Parameters<Consumer['run']>[0]>['eachBatch'] & {}>[0]): Promise<void> {
    const { batch, resolveOffset, heartbeat, isRunning, isStale, commitOffsetsIfNecessary } = payload;
    const topic = batch.topic.slice(this.prefix.length);
    const records: RawRecord[] = batch.messages.map((m) => ({
      topic, partition: batch.partition, offset: m.offset, timestamp: m.timestamp,
      key: m.key?.toString() ?? null, value: m.value?.toString() ?? '',
      headers: Object.fromEntries(Object.entries(m.headers ?? {}).map(([k, v]) => [k, v?.toString() ?? ''])),
    }));
    for (let attempt = 1; ; attempt++) {
      if (!isRunning() || isStale() || this.stopping) return;
      try {
        await sub.handleBatch(records);
        break;
      } catch (err) {
        this.log.warn({ err, group: sub.group, topic, attempt }, 'raw batch failed; retrying');
        await sleep(Math.min(BACKOFF_CAP_MS, 200 * 2 ** Math.min(attempt, 6)));
        await heartbeat().catch(() => undefined);
      }
    }
    for (const m of batch.messages) resolveOffset(m.offset);
    await commitOffsetsIfNecessary();
  }

  /** Sends one raw message to a topic (name without the prefix) as it is, and answers where it landed. */
  async publishRawTo(topic: string, message: { key: string | null; value: string; headers: Record<string, string> }): Promise<{ partition: number; offset: string }> {
    const [meta] = await this.producer.send({ topic: this.prefix + topic, messages: [{ key: message.key, value: message.value, headers: message.headers }] });
    return { partition: meta.partition, offset: meta.baseOffset ?? meta.offset ?? '-1' };
  }

  /** The offset a consumer group committed on one partition (the next it will read), or null when it has none. */
  async committedOffset(group: string, topic: string, partition: number): Promise<string | null> {
    const [entry] = await this.admin.fetchOffsets({ groupId: this.prefix + group, topics: [this.prefix + topic] });
    const offset = entry?.partitions.find((p) => p.partition === partition)?.offset;
    return offset && offset !== '-1' ? offset : null;
  }

  /**
   * Reads the first `count` raw messages of a topic (full name) with a throwaway consumer: for
   * tests and tools that inspect dead-letter topics.
   */
  async readRaw(topic: string, count: number, timeoutMs = 15_000): Promise<RawMessage[]> {
    const consumer = this.kafka.consumer({ groupId: `inspect-${randomUUID()}`, maxWaitTimeInMs: 100 });
    const messages: RawMessage[] = [];
    await consumer.connect();
    try {
      await consumer.subscribe({ topics: [topic], fromBeginning: true });
      const done = new Promise<void>((resolve) => {
        void consumer.run({
          eachMessage: async ({ message }) => {
            messages.push({
              key: message.key?.toString() ?? null,
              value: message.value?.toString() ?? '',
              headers: Object.fromEntries(Object.entries(message.headers ?? {}).map(([k, v]) => [k, v?.toString() ?? ''])),
            });
            if (messages.length >= count) resolve();
          },
        });
      });
      await withTimeout(done, timeoutMs).catch(() => undefined);
      return messages;
    } finally {
      await consumer.disconnect();
    }
  }

  /** Reachable broker and a connected producer; asked by the health endpoint. */
  async ping(timeoutMs = 2_000): Promise<{ ok: boolean; detail?: string }> {
    try {
      await withTimeout(this.admin.describeCluster(), timeoutMs);
      return this.producerConnected ? { ok: true } : { ok: false, detail: 'producer disconnected' };
    } catch (err) {
      return { ok: false, detail: (err as Error).message };
    }
  }

  async disconnect(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled(this.consumers.map((c) => c.disconnect()));
    await Promise.allSettled([this.producer.disconnect(), this.admin.disconnect()]);
  }
}

function headersOf(e: Envelope): IHeaders {
  return { [HEADERS.eventType]: e.type, [HEADERS.eventVersion]: String(e.version), [HEADERS.correlationId]: e.correlationId };
}


function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    p.then((v) => (clearTimeout(t), resolve(v)), (e) => (clearTimeout(t), reject(e)));
  });
}

/**
 * A Kafka error worth another attempt: retriable itself, or kafkajs's non-retriable wrapper
 * around a retriable cause (it gives up on a leader moving after its own retries; a CI run's
 * publish to a new topic failed so with "not the leader for that topic-partition").
 */
export function isRetriableKafkaError(err: unknown): boolean {
  const e = err as { retriable?: boolean; cause?: { retriable?: boolean } } | null;
  return e?.retriable === true || e?.cause?.retriable === true;
}

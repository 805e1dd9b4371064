import { z } from 'zod';

/** The thin wrapper every Kafka message carries; `data` is the event's own payload. */
const EVENT_TYPE = /^[a-z]+(-[a-z]+)*\.[a-z]+(-[a-z]+)*$/;
export const Envelope = z.object({
  id: z.string().uuid(),
  type: z.string().regex(EVENT_TYPE, 'type is <entity>.<past-tense verb>'),
  version: z.number().int().positive(),
  occurredAt: z.string().datetime(),
  producer: z.string().min(1),
  correlationId: z.string().min(1),
  key: z.string().min(1),
  data: z.unknown(),
});
export type Envelope<T = unknown> = Omit<z.infer<typeof Envelope>, 'data'> & { data: T };

/** zod 3.25's `z.string().uuid()` pattern (not exported by zod; `envelope-fast.test.ts` holds it). */
const UUID = /^[0-9a-fA-F]{8}\b-[0-9a-fA-F]{4}\b-[0-9a-fA-F]{4}\b-[0-9a-fA-F]{4}\b-[0-9a-fA-F]{12}$/i;
/** `z.string().datetime()`'s pattern, made once (zod makes it anew for every check). */
const DATETIME = z.datetimeRegex({ precision: null, offset: false, local: false });
const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.length >= 1;

/**
 * `Envelope.safeParse` by hand, for every message a consumer reads (the matcher's replay reads a
 * million at start; the zod parse was ~5 µs of each). The same value (unknown keys dropped, keys
 * in the schema's order) or `undefined` where the schema would refuse; callers then ask zod for
 * the reason. Held to the schema by `envelope-fast.test.ts`.
 */
export function parseEnvelopeFast(data: unknown): Envelope | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const proto: unknown = Object.getPrototypeOf(data);
  if (proto !== null && Object.getPrototypeOf(proto) !== null) return undefined;
  const { id, type, version, occurredAt, producer, correlationId, key } = data as Record<string, unknown>;
  if (typeof id !== 'string' || !UUID.test(id) || typeof type !== 'string' || !EVENT_TYPE.test(type)) return undefined;
  if (typeof version !== 'number' || !Number.isInteger(version) || version <= 0) return undefined;
  if (typeof occurredAt !== 'string' || !DATETIME.test(occurredAt) || !nonEmpty(producer) || !nonEmpty(correlationId) || !nonEmpty(key)) return undefined;
  const out = { id, type, version, occurredAt, producer, correlationId, key } as Envelope;
  // `data` is unknown: kept as it is, and set when present even as undefined (as zod sets it).
  if ('data' in data) out.data = (data as Record<string, unknown>).data;
  return out;
}

/** Kafka headers every message carries beside the envelope, so routing needs no JSON parse. */
export const HEADERS = {
  eventType: 'rr-event-type',
  eventVersion: 'rr-event-version',
  correlationId: 'rr-correlation-id',
  /** Set on dead-lettered messages. */
  errorCode: 'rr-error-code',
  errorMessage: 'rr-error-message',
  originalTopic: 'rr-original-topic',
  /** The consumer group whose handler gave the message up (set with the error headers). */
  consumerGroup: 'rr-consumer-group',
  /** How often an administrator has replayed the message from its dead-letter topic (the loop guard). */
  replayCount: 'rr-replay-count',
} as const;

/** HTTP header carrying the correlation id from the gateway to services and into events. */
export const CORRELATION_HEADER = 'x-correlation-id';

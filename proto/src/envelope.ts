import { z } from 'zod';

/** The thin wrapper every Kafka message carries; `data` is the event's own payload. */
export const Envelope = z.object({
  id: z.string().uuid(),
  type: z.string().regex(/^[a-z]+(-[a-z]+)*\.[a-z]+(-[a-z]+)*$/, 'type is <entity>.<past-tense verb>'),
  version: z.number().int().positive(),
  occurredAt: z.string().datetime(),
  producer: z.string().min(1),
  correlationId: z.string().min(1),
  key: z.string().min(1),
  data: z.unknown(),
});
export type Envelope<T = unknown> = Omit<z.infer<typeof Envelope>, 'data'> & { data: T };

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

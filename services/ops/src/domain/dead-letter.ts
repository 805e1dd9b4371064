import { HEADERS } from '@rr/proto';

/** The headers the kit sets when it gives a message up; a replay takes them off again. */
const ERROR_HEADERS: string[] = [HEADERS.errorCode, HEADERS.errorMessage, HEADERS.originalTopic, HEADERS.consumerGroup];

export type DeadLetterState = 'pending' | 'replaying' | 'replayed' | 'discarded';

/** What the index keeps of one dead-lettered message (ids and names without the topic prefix). */
export type DeadLetterFacts = {
  _id: string;
  topic: string;
  partition: number;
  offset: string;
  originalTopic: string | null;
  group: string | null;
  key: string | null;
  value: string;
  headers: Record<string, string>;
  errorCode: string | null;
  errorMessage: string | null;
  eventId: string | null;
  eventType: string | null;
  replayCount: number;
  deadLetteredAt: Date;
};

/** Sorts as the topic's order: offsets zero-padded, so `_id` order is Kafka order within a topic. */
export const deadLetterId = (topic: string, partition: number, offset: string) => `${topic}:${partition}:${offset.padStart(20, '0')}`;

const originalOf = (dlqTopic: string) => (dlqTopic.endsWith('.dlq') ? dlqTopic.slice(0, -'.dlq'.length) : null);

/** A raw record of a `<topic>.dlq` as the index stores it; the envelope's id and type when the value is one. */
export function deadLetterOf(record: { topic: string; partition: number; offset: string; timestamp: string; key: string | null; value: string; headers: Record<string, string> }): DeadLetterFacts {
  const h = record.headers;
  const envelope = envelopeFacts(record.value);
  const count = Number.parseInt(h[HEADERS.replayCount] ?? '0', 10);
  const at = Number(record.timestamp);
  return {
    _id: deadLetterId(record.topic, record.partition, record.offset),
    topic: record.topic,
    partition: record.partition,
    offset: record.offset,
    // The kit writes the prefixed name; the index keeps names as the registry spells them.
    originalTopic: originalOf(record.topic),
    group: h[HEADERS.consumerGroup] || null,
    key: record.key,
    value: record.value,
    headers: h,
    errorCode: h[HEADERS.errorCode] || null,
    errorMessage: h[HEADERS.errorMessage] || null,
    eventId: envelope.id,
    eventType: envelope.type ?? (h[HEADERS.eventType] || null),
    replayCount: Number.isFinite(count) && count > 0 ? count : 0,
    deadLetteredAt: Number.isFinite(at) && at > 0 ? new Date(at) : new Date(),
  };
}

function envelopeFacts(value: string): { id: string | null; type: string | null } {
  try {
    const parsed = JSON.parse(value) as { id?: unknown; type?: unknown };
    return { id: typeof parsed.id === 'string' ? parsed.id.slice(0, 100) : null, type: typeof parsed.type === 'string' ? parsed.type.slice(0, 100) : null };
  } catch {
    return { id: null, type: null };
  }
}

export type ReplayDecision =
  | { ok: true; topic: string; headers: Record<string, string>; replayCount: number }
  | { ok: false; reason: 'replay-limit' | 'no-original-topic' | 'not-pending' };

/**
 * Whether a dead letter may go back to its topic, and with which headers: the error headers off,
 * the replay count one up. A message replayed `maxReplays` times is refused — it failed every
 * time, so another replay would only loop it through the dead-letter topic again.
 */
export function replayDecision(doc: Pick<DeadLetterFacts, 'originalTopic' | 'headers' | 'replayCount'> & { state: DeadLetterState }, maxReplays: number): ReplayDecision {
  if (doc.state !== 'pending' && doc.state !== 'replaying') return { ok: false, reason: 'not-pending' };
  if (!doc.originalTopic) return { ok: false, reason: 'no-original-topic' };
  if (doc.replayCount >= maxReplays) return { ok: false, reason: 'replay-limit' };
  const headers = Object.fromEntries(Object.entries(doc.headers).filter(([k]) => !ERROR_HEADERS.includes(k)));
  const replayCount = doc.replayCount + 1;
  headers[HEADERS.replayCount] = String(replayCount);
  return { ok: true, topic: doc.originalTopic, headers, replayCount };
}

import type { DeadLetterDoc } from '../repositories/dead-letter.model';
import type { ReplayJobDoc } from '../repositories/replay-job.repository';
import type { ReplayOutcome } from '../replay/dead-letter-ops';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** A dead letter as the administration sees it; the body only in the detail. */
export function deadLetterView(d: DeadLetterDoc, outcome: ReplayOutcome | null, withBody = false) {
  return {
    id: d._id, topic: d.topic, originalTopic: d.originalTopic, partition: d.partition, offset: d.offset, key: d.key, group: d.group,
    errorCode: d.errorCode, errorMessage: d.errorMessage, eventId: d.eventId, eventType: d.eventType, replayCount: d.replayCount,
    deadLetteredAt: iso(d.deadLetteredAt), state: d.state === 'replaying' ? 'pending' : d.state,
    replayedAt: iso(d.replayedAt), replayedBy: d.replayedBy, discardedAt: iso(d.discardedAt), discardedBy: d.discardedBy, outcome,
    ...(withBody ? { value: d.value, headers: d.headers } : {}),
  };
}

export function jobView(j: ReplayJobDoc) {
  return {
    id: j._id, topic: j.topic, action: j.action, state: j.state, replayed: j.replayed, discarded: j.discarded, skipped: j.skipped,
    startedAt: iso(j.startedAt), startedBy: j.startedBy.email, finishedAt: iso(j.finishedAt), error: j.error,
  };
}

import { HEADERS } from '@rr/proto';
import { deadLetterId, deadLetterOf, replayDecision } from './dead-letter';

const record = (headers: Record<string, string>, value = JSON.stringify({ id: 'e-1', type: 'email.bounced' })) => ({
  topic: 'email.bounced.v1.dlq', partition: 0, offset: '42', timestamp: '1764064800000', key: 'a@b.cz', value, headers,
});
const failed = { [HEADERS.errorCode]: 'EVENT_HANDLER_FAILED', [HEADERS.errorMessage]: 'boom', [HEADERS.originalTopic]: 't1.email.bounced.v1', [HEADERS.consumerGroup]: 'account.on-email-bounced', [HEADERS.eventType]: 'email.bounced' };

describe('deadLetterOf', () => {
  it('reads the error, the group, the event id and the topic it came from', () => {
    const d = deadLetterOf(record(failed));
    expect(d).toMatchObject({
      _id: 'email.bounced.v1.dlq:0:00000000000000000042', originalTopic: 'email.bounced.v1', group: 'account.on-email-bounced',
      errorCode: 'EVENT_HANDLER_FAILED', errorMessage: 'boom', eventId: 'e-1', eventType: 'email.bounced', replayCount: 0,
    });
    expect(d.deadLetteredAt.toISOString()).toBe('2025-11-25T10:00:00.000Z');
  });

  it('keeps a value that is not JSON, with no event id', () => {
    expect(deadLetterOf(record(failed, 'not json {'))).toMatchObject({ eventId: null, eventType: 'email.bounced', value: 'not json {' });
  });

  it('orders ids as Kafka orders offsets', () => {
    expect(deadLetterId('x.dlq', 0, '9') < deadLetterId('x.dlq', 0, '10')).toBe(true);
  });
});

describe('replayDecision', () => {
  const doc = (replayCount: number, state: 'pending' | 'replayed' = 'pending') => ({ ...deadLetterOf(record({ ...failed, [HEADERS.replayCount]: String(replayCount) })), state });

  it('sends the message back without its error headers and with the replay count one up', () => {
    const decision = replayDecision(doc(1), 3);
    expect(decision).toEqual({ ok: true, topic: 'email.bounced.v1', replayCount: 2, headers: { [HEADERS.eventType]: 'email.bounced', [HEADERS.replayCount]: '2' } });
  });

  it('refuses a message replayed as often as allowed: the loop guard', () => {
    expect(replayDecision(doc(3), 3)).toEqual({ ok: false, reason: 'replay-limit' });
  });

  it('refuses what was already replayed or discarded', () => {
    expect(replayDecision(doc(0, 'replayed'), 3)).toEqual({ ok: false, reason: 'not-pending' });
  });
});

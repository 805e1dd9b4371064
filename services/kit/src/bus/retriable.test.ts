import { KafkaJSNonRetriableError, KafkaJSProtocolError } from 'kafkajs';
import { isRetriableKafkaError } from './bus';

describe('isRetriableKafkaError', () => {
  const notLeader = () => new KafkaJSProtocolError({ type: 'NOT_LEADER_FOR_PARTITION', code: 6, retriable: true, message: 'This server is not the leader for that topic-partition' });

  // kafkajs's retrier wraps what it gives up on as `new KafkaJSNonRetriableError(e, { cause: e })`.
  it('retries a retriable protocol error, and kafkajs giving up on one', () => {
    expect(isRetriableKafkaError(notLeader())).toBe(true);
    expect(isRetriableKafkaError(new KafkaJSNonRetriableError(notLeader(), { cause: notLeader() }))).toBe(true);
  });

  it('does not retry what is wrong for good', () => {
    const tooLarge = new KafkaJSProtocolError({ type: 'MESSAGE_TOO_LARGE', code: 10, retriable: false, message: 'too large' });
    expect(isRetriableKafkaError(tooLarge)).toBe(false);
    expect(isRetriableKafkaError(new KafkaJSNonRetriableError(tooLarge, { cause: tooLarge }))).toBe(false);
    expect(isRetriableKafkaError(new Error('schema'))).toBe(false);
    expect(isRetriableKafkaError(null)).toBe(false);
  });
});

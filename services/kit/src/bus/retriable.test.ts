import { KafkaJSNonRetriableError, KafkaJSProtocolError } from 'kafkajs';
import { isRetriableKafkaError } from './bus';

// kafkajs's typings lag its constructors: these are the shapes its protocol and retrier build.
const Protocol = KafkaJSProtocolError as unknown as new (e: { type: string; code: number; retriable: boolean; message: string }) => Error;
/** What kafkajs's retrier throws when it gives up: `new KafkaJSNonRetriableError(e, { cause: e })`. */
const GaveUp = KafkaJSNonRetriableError as unknown as new (e: Error, options: { cause: Error }) => Error;

describe('isRetriableKafkaError', () => {
  const notLeader = () => new Protocol({ type: 'NOT_LEADER_FOR_PARTITION', code: 6, retriable: true, message: 'This server is not the leader for that topic-partition' });

  it('retries a retriable protocol error, and kafkajs giving up on one', () => {
    expect(isRetriableKafkaError(notLeader())).toBe(true);
    expect(isRetriableKafkaError(new GaveUp(notLeader(), { cause: notLeader() }))).toBe(true);
  });

  it('does not retry what is wrong for good', () => {
    const tooLarge = new Protocol({ type: 'MESSAGE_TOO_LARGE', code: 10, retriable: false, message: 'too large' });
    expect(isRetriableKafkaError(tooLarge)).toBe(false);
    expect(isRetriableKafkaError(new GaveUp(tooLarge, { cause: tooLarge }))).toBe(false);
    expect(isRetriableKafkaError(new Error('schema'))).toBe(false);
    expect(isRetriableKafkaError(null)).toBe(false);
  });
});

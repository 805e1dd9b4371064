import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { Bus, createLogger } from '@rr/kit';
import { waitForValue } from '@rr/kit/testing';
import type { AlertSentV1, Envelope, MatchFoundV1, Offer } from '@rr/proto';
import { exampleOffer, EXAMPLES } from '@rr/proto/examples';

export { sleep } from '@rr/kit';

export type CaughtMail = { subject: string; time: string; html: string; text: string; to: Array<{ address: string }>; headers: Record<string, string> };

/** Mail the local catcher (MailDev) received for one address. */
export async function mailTo(address: string): Promise<CaughtMail[]> {
  const all = (await (await fetch('http://127.0.0.1:1080/email')).json()) as CaughtMail[];
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
}

export const waitFor = waitForValue;


export function matchFor(email: string, offer: Partial<Offer> & { id: string }, overrides: Partial<MatchFoundV1> = {}): MatchFoundV1 {
  return {
    ...EXAMPLES['match.found'],
    recipient: { email, locale: 'cs', userId: null },
    offer: { ...exampleOffer, ...offer },
    matchedAt: new Date().toISOString(),
    fetchedAt: new Date().toISOString(),
    ...overrides,
  };
}

/** The notifier's settings for a test run: its own topics and database, the local mail catcher, short alert timings. */
export function notifierTestEnv(run: string, timings: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env, KAFKA_TOPIC_PREFIX: `t-${run}.`, MONGO_DB_SUFFIX: `-t${run}`, HEALTH_PORT: '0', NOTIFIER_API_PORT: '0', LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://realityradar.test', AD_SERVING_URL: '', WATCHDOG_LINK_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://127.0.0.1:1025',
    ...timings,
  };
}

/** A bus on the run's topics that records every `alert.sent` into `sent`. */
export async function busRecordingSent(clientId: string, env: NodeJS.ProcessEnv, sent: Array<Envelope<AlertSentV1>>): Promise<Bus> {
  const bus = new Bus({ clientId, brokers: ['127.0.0.1:9092'], topicPrefix: env.KAFKA_TOPIC_PREFIX, logger: createLogger('test', 'silent') });
  await bus.connect();
  await bus.ensureTopics();
  await bus.subscribe({ group: 'test.sent', events: ['alert.sent'], fromBeginning: true, handle: async (e) => void sent.push(e as Envelope<AlertSentV1>) });
  return bus;
}

/** An SMTP server of the test's own that lists the recipients of every message it takes; `onRcptTo` may refuse some. */
export function recordingSmtp(onRcptTo?: SMTPServerOptions['onRcptTo']) {
  const accepted: string[] = [];
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false, onRcptTo,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        accepted.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  return { server, accepted };
}

import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import mongoose from 'mongoose';
import { Bus, createLogger } from '@rr/kit';
import { type Offer } from '@rr/proto';
import { EXAMPLES } from '@rr/proto/examples';
import { bundleProcesses } from '../system/bundle';
import { portsFor, systemProcesses } from '../system/services';
import { Supervisor, waitHealthy } from '../system/supervisor';
import { sharedEnv, startInfrastructure } from '../system/system';

/**
 * The notifier at national volume: a burst of `events` match.found events for `recipients`
 * people goes through the real notifier (ledger, batching window, cap) to SMTP. Figures: e-mails
 * accepted per second while the burst drains (from the first to the last acceptance), and
 * duplicates (a person told about the same property twice, by alert.sent and by the messages the
 * SMTP server received). The SMTP server is an in-project sink (smtp-server, accepting as fast as
 * it is fed) or MailDev, whose own speed is then what is measured.
 */
export type BurstOptions = { events: number; recipients: number; smtp: 'sink' | 'maildev'; progress: (line: string) => void };
export type BurstFigures = {
  smtp: string; events: number; recipients: number; emails: number; emailsPerSec: number; smtpMessages: number;
  pairsExpected: number; pairsAlerted: number; duplicates: number; drainSeconds: number;
};

const BROKERS = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const PORT_OFFSET = 400;

/** An SMTP server that accepts everything as fast as it is fed and counts the messages. */
export async function startSink(): Promise<{ port: number; messages: () => number; close: () => Promise<void> }> {
  let messages = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        messages++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { port, messages: () => messages, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

function offerFor(n: number): Offer {
  const base = EXAMPLES['match.found'].offer;
  return { ...base, id: `p_burst${n.toString(36)}`, title: `${base.title} (${n})`, sources: base.sources.map((s) => ({ ...s, listingId: `burst${n}` })) };
}

export async function notifierBurst(options: BurstOptions): Promise<BurstFigures> {
  const say = options.progress;
  const ns = `burst${randomUUID().slice(0, 6)}`;
  const prefix = `${ns}.`;
  const log = createLogger('bench-burst', 'warn');
  const bus = new Bus({ clientId: 'bench-burst', brokers: BROKERS, topicPrefix: prefix, logger: log });
  await bus.connect();
  await bus.ensureTopics();

  const sink = options.smtp === 'sink' ? await startSink() : null;
  const smtpUrl = sink ? `smtp://127.0.0.1:${sink.port}` : `smtp://127.0.0.1:${portsFor(0).smtp}`;
  const spec = systemProcesses(sharedEnv({ KAFKA_TOPIC_PREFIX: prefix, MONGO_DB_SUFFIX: `-${ns}`, LOG_LEVEL: 'warn' }), portsFor(PORT_OFFSET)).find((p) => p.name === 'notifier')!;
  spec.env.SMTP_URL = smtpUrl;
  await bundleProcesses([spec]);
  const supervisor = new Supervisor(say, `-${ns}`);
  supervisor.start(spec);
  if (!(await waitHealthy(spec.healthUrl, 60_000))) throw new Error('the notifier did not start (see .run/logs/notifier-*.log)');

  const alerted = new Map<string, number>();
  const acceptedAt: number[] = [];
  await bus.subscribe({
    group: `bench.burst-${ns}`,
    events: ['alert.sent'],
    fromBeginning: true,
    handle: async (e) => {
      acceptedAt.push(Date.parse(e.data.sentAt));
      for (const offerId of e.data.offerIds) {
        const key = `${e.data.recipientEmail} ${offerId}`;
        alerted.set(key, (alerted.get(key) ?? 0) + 1);
      }
    },
  });

  try {
    say(`notifier burst: ${options.events.toLocaleString('en')} matches for ${options.recipients.toLocaleString('en')} people into ${sink ? 'the SMTP sink' : 'MailDev'}…`);
    const perPerson = Math.ceil(options.events / options.recipients);
    const expected = new Set<string>();
    const batch: Array<{ key: string; data: typeof EXAMPLES['match.found'] }> = [];
    const at = new Date().toISOString();
    for (let i = 0; i < options.events; i++) {
      const person = i % options.recipients;
      const email = `person${person}@${ns}.bench.example`;
      const offer = offerFor(Math.floor(i / options.recipients) + person * perPerson);
      expected.add(`${email} ${offer.id}`);
      batch.push({ key: email, data: { ...EXAMPLES['match.found'], recipient: { email, locale: 'cs', userId: null }, watchdogId: `w_${ns}_${person}`, offer, matchedAt: at, fetchedAt: at, withAds: false } });
      if (batch.length === 5_000 || i === options.events - 1) {
        await bus.publishMany('match.found', batch.splice(0));
      }
    }
    say(`notifier burst: published; waiting for ${expected.size.toLocaleString('en')} alerts…`);

    const deadline = Date.now() + 30 * 60_000;
    let last = -1;
    let lastChange = Date.now();
    while (Date.now() < deadline) {
      const covered = [...expected].filter((k) => alerted.has(k)).length;
      if (covered === expected.size) break;
      if (covered !== last) {
        last = covered;
        lastChange = Date.now();
        say(`notifier burst: ${covered.toLocaleString('en')} of ${expected.size.toLocaleString('en')} alerted, ${acceptedAt.length.toLocaleString('en')} e-mails`);
      } else if (Date.now() - lastChange > 120_000) {
        break; // nothing moved for two minutes: report what arrived
      }
      await new Promise((r) => setTimeout(r, 5_000));
    }
    await new Promise((r) => setTimeout(r, 3_000)); // late duplicates, if any, would show now

    const sorted = [...acceptedAt].sort((a, b) => a - b);
    const drainSeconds = sorted.length > 1 ? (sorted[sorted.length - 1] - sorted[0]) / 1000 : 0;
    const duplicates = [...alerted.values()].reduce((n, c) => n + (c - 1), 0);
    return {
      smtp: sink ? 'sink' : 'maildev',
      events: options.events,
      recipients: options.recipients,
      emails: acceptedAt.length,
      emailsPerSec: drainSeconds > 0 ? Math.round(acceptedAt.length / drainSeconds) : 0,
      smtpMessages: sink ? sink.messages() : acceptedAt.length,
      pairsExpected: expected.size,
      pairsAlerted: [...expected].filter((k) => alerted.has(k)).length,
      duplicates,
      drainSeconds: Math.round(drainSeconds),
    };
  } finally {
    await supervisor.stopAll();
    await sink?.close();
    const db = await mongoose.createConnection(process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017', { dbName: `rr-notifier-${ns}` }).asPromise();
    await db.dropDatabase().catch(() => undefined);
    await db.close();
    await bus.deleteTopicsMatching(new RegExp(`^${ns}\\.`)).catch(() => 0);
    await bus.disconnect();
  }
}

// `npm run bench:notifier [-- --events N --recipients N --smtp sink|maildev]`
if (require.main === module) {
  const arg = (name: string, fallback: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const progress = (line: string) => process.stderr.write(`[bench] ${line}\n`);
  startInfrastructure(progress);
  notifierBurst({ events: Number(arg('events', '100000')), recipients: Number(arg('recipients', '50000')), smtp: arg('smtp', 'sink') as 'sink' | 'maildev', progress })
    .then((figures) => process.stdout.write(`${JSON.stringify(figures)}\n`))
    .catch((err) => {
      progress((err as Error).stack ?? String(err));
      process.exit(1);
    });
}

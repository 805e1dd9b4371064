import { Bus, createLogger, loadConfig, BaseConfig } from '@rr/kit';
import { deleteScratchTopics, isTestTopic, KEEP_MINUTES } from './delete-topics';

/**
 * Creates every topic of proto's registry on the configured broker (idempotent). With
 * `--delete-ended-test-topics` (the development broker's start, infra.sh; never a deployment's
 * job) it also deletes the topics of tests that ended: a jest file run on its own leaves its topics
 * behind (`npm test` deletes them at its end), and a broker holding ~6,500 of them idled at a
 * third of a core, 5 % without, which every benchmark on the machine paid.
 */
async function main() {
  const config = loadConfig(BaseConfig);
  const log = createLogger('create-topics', config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
  const bus = new Bus({ clientId: 'create-topics', brokers: config.KAFKA_BROKERS, topicPrefix: config.KAFKA_TOPIC_PREFIX, logger: log });
  await bus.connect();
  const created = await bus.ensureTopics();
  process.stdout.write(`[infra] topics: ${created.length ? `created ${created.length}` : 'all present'}\n`);
  await bus.disconnect();
  if (!process.argv.includes('--delete-ended-test-topics')) return;
  const deleted = await deleteScratchTopics(KEEP_MINUTES, isTestTopic);
  if (deleted > 0) process.stdout.write(`[infra] topics: deleted ${deleted} topics of ended test runs\n`);
}

main().catch((err) => {
  process.stderr.write(`[infra] cannot create topics: ${(err as Error).message}\n`);
  process.exit(1);
});

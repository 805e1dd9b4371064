import { Bus, createLogger, loadConfig, BaseConfig } from '@rr/kit';

/** Creates every topic of proto's registry on the configured broker (idempotent). */
async function main() {
  const config = loadConfig(BaseConfig);
  const log = createLogger('create-topics', config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
  const bus = new Bus({ clientId: 'create-topics', brokers: config.KAFKA_BROKERS, topicPrefix: config.KAFKA_TOPIC_PREFIX, logger: log });
  await bus.connect();
  const created = await bus.ensureTopics();
  process.stdout.write(`[infra] topics: ${created.length ? `created ${created.length}` : 'all present'}\n`);
  await bus.disconnect();
}

main().catch((err) => {
  process.stderr.write(`[infra] cannot create topics: ${(err as Error).message}\n`);
  process.exit(1);
});

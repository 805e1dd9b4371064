import { BaseConfig, Bus, createLogger, loadConfig } from '@rr/kit';

/**
 * Deletes the namespaced topics that tests (`t<id>.`) and benchmarks (`bench<id>.`) create:
 * `tsx scripts/delete-topics.ts` after a run. The system's own topics are never touched.
 */
export const SCRATCH_TOPICS = /^(t-?[0-9a-f]{6,12}|bench[0-9a-f]{6})\./;

export async function deleteScratchTopics(): Promise<number> {
  const config = loadConfig(BaseConfig);
  const bus = new Bus({ clientId: 'delete-topics', brokers: config.KAFKA_BROKERS, logger: createLogger('delete-topics', 'error') });
  await bus.connect();
  try {
    return await bus.deleteTopicsMatching(SCRATCH_TOPICS);
  } finally {
    await bus.disconnect();
  }
}

if (require.main === module) {
  deleteScratchTopics()
    .then((n) => process.stdout.write(`deleted ${n} scratch topics\n`))
    .catch((err) => {
      process.stderr.write(`cannot delete topics: ${(err as Error).message}\n`);
      process.exit(1);
    });
}

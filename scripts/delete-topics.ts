import { BaseConfig, Bus, createLogger, loadConfig } from '@rr/kit';
import { minuteOfTestRunId, minuteStamp } from '@rr/kit/testing';

/**
 * Deletes the namespaced topics that tests (`t<id>.`) and benchmarks (`bench<id>.`) create:
 * `tsx scripts/delete-topics.ts` after a run. The system's own topics are never touched. By hand
 * it leaves a test's topics for 20 minutes (`--all` deletes them at once): another checkout's
 * tests may still be using them; `npm test` deletes all at its end.
 */
/** `bench-<8 hex>.`: bench:ingest's runs before it deleted its own topics (2026-11-29). */
export const SCRATCH_TOPICS = /^(t-?[0-9a-f]{6,12}|bench[0-9a-f]{6}|bench-[0-9a-f]{8})\./;
/** A test runs for less than this: its topics are kept so long, in case another checkout's test still uses them. */
export const KEEP_MINUTES = 20;

/** A scratch topic old enough to delete: a test id of the last `keepMinutes` minutes is kept. */
export function isDeletable(topic: string, nowMs: number, keepMinutes: number): boolean {
  const match = SCRATCH_TOPICS.exec(topic);
  if (!match) return false;
  const minute = minuteOfTestRunId(match[1].replace(/^t-?/, ''));
  if (minute === null || keepMinutes <= 0) return true;
  const age = (minuteStamp(nowMs) - minute + 0x100000) % 0x100000;
  return age >= keepMinutes;
}

/** Test topics only (`t<id>.`): a benchmark's scratch topics may be kept on purpose for its next run (bench:replay's). */
export const isTestTopic = (topic: string) => SCRATCH_TOPICS.exec(topic)?.[1].startsWith('t') ?? false;

export async function deleteScratchTopics(keepMinutes = 0, only: (topic: string) => boolean = () => true): Promise<number> {
  const config = loadConfig(BaseConfig);
  const bus = new Bus({ clientId: 'delete-topics', brokers: config.KAFKA_BROKERS, logger: createLogger('delete-topics', 'error') });
  await bus.connect();
  try {
    const now = Date.now();
    return await bus.deleteTopicsMatching((topic) => only(topic) && isDeletable(topic, now, keepMinutes));
  } finally {
    await bus.disconnect();
  }
}

if (require.main === module) {
  deleteScratchTopics(process.argv.includes('--all') ? 0 : KEEP_MINUTES)
    .then((n) => process.stdout.write(`deleted ${n} scratch topics\n`))
    .catch((err) => {
      process.stderr.write(`cannot delete topics: ${(err as Error).message}\n`);
      process.exit(1);
    });
}

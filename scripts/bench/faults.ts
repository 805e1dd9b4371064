import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { sleep } from '@rr/kit';
import { runPipeline } from './pipeline-run';

/**
 * bench:faults — the e2e flow while the matcher and the notifier are killed (SIGKILL, restarted by
 * the supervisor) and the Kafka broker is stopped for 10 s. Prints the same figures; the target is
 * 0 missed and 0 duplicates.
 */
const infra = (command: string) => spawnSync('bash', [path.resolve(__dirname, '../infra/infra.sh'), command], { stdio: 'inherit' });

runPipeline({
  name: 'faults', watchdogs: 1200, recipients: 800, perMinute: 60, durationSeconds: 150, crossPostShare: 0.3, pollSeconds: 15,
  during: async (system, say) => {
    await sleep(25_000);
    say('fault: killing the matcher');
    system.supervisor.kill('matcher');
    await sleep(25_000);
    say('fault: killing the notifier');
    system.supervisor.kill('notifier');
    await sleep(25_000);
    say('fault: stopping the Kafka broker for 10 s');
    infra('kafka-stop');
    await sleep(10_000);
    infra('kafka-start');
    say('fault: broker back');
  },
})
  .then((figures) => process.stdout.write(`${JSON.stringify(figures)}\n`))
  .catch((err) => {
    process.stderr.write(`[bench] ${(err as Error).stack ?? err}\n`);
    process.exit(1);
  });

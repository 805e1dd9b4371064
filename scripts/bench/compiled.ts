import { spawnSync } from 'node:child_process';
import { bundle, bundlePath } from '../system/bundle';
import { MATCHER_PROCESS_ENV } from '../system/services';

/** A benchmark of one service's core runs in the environment that service runs in. */
const ENVIRONMENT_OF: Record<string, Record<string, string>> = { matcher: MATCHER_PROCESS_ENV };

/**
 * Runs a benchmark as the services run: compiled to plain JavaScript (scripts/system/bundle.ts),
 * not under the tsx loader. `tsx scripts/bench/compiled.ts <name> [node options…]` runs
 * scripts/bench/<name>.ts.
 */
async function main() {
  const [name, ...nodeOptions] = process.argv.slice(2);
  if (!name) throw new Error('usage: compiled.ts <benchmark> [node options…]');
  await bundle([{ name: `bench-${name}`, entry: `scripts/bench/${name}.ts` }]);
  const run = spawnSync(process.execPath, [...nodeOptions, '--enable-source-maps', bundlePath(`bench-${name}`)], {
    stdio: 'inherit',
    env: { ...process.env, ...ENVIRONMENT_OF[name] },
  });
  process.exit(run.status ?? 1);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
});

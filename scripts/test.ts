import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { deleteScratchTopics } from './delete-topics';
import { buildWeb, isSystemRunning, startInfrastructure, startServices } from './system/system';

/**
 * `npm test`: every suite in one go. Unit and integration tests run against the real broker and
 * database (started here, or reused when up); the browser tests then drive Chromium against the
 * whole system (started here unless `npm start` is already running). Ends with one line
 * `N passed, N failed`, summed over all suites.
 */
const ROOT = path.resolve(__dirname, '..');
const RESULTS = path.join(ROOT, '.run/test-results');
const say = (line: string) => process.stdout.write(`[test] ${line}\n`);

type JestSummary = { numPassedTests: number; numFailedTests: number; numRuntimeErrorTestSuites: number; numTotalTestSuites: number };

function jest(name: string, args: string[]): { passed: number; failed: number } {
  const output = path.join(RESULTS, `${name}.json`);
  rmSync(output, { force: true });
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin/jest'), [...args, '--ci', '--forceExit', '--json', `--outputFile=${output}`], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
  });
  if (!existsSync(output)) {
    say(`${name}: jest produced no report (exit ${result.status})`);
    return { passed: 0, failed: 1 };
  }
  const summary = JSON.parse(readFileSync(output, 'utf8')) as JestSummary;
  // A suite that fails to load runs no test; count it as a failure so it cannot hide.
  return { passed: summary.numPassedTests, failed: summary.numFailedTests + summary.numRuntimeErrorTestSuites };
}

const FERRETDB_LOG = path.join(ROOT, '.run/logs/ferretdb.log');
const logSize = () => (existsSync(FERRETDB_LOG) ? statSync(FERRETDB_LOG).size : 0);

/**
 * Query shapes that the embedded database answered by scanning a collection while the suites ran
 * (it logs each once): a request path that scans is a defect at national scale, so they are shown.
 */
function scansSince(offset: number): string[] {
  if (!existsSync(FERRETDB_LOG)) return [];
  const added = readFileSync(FERRETDB_LOG).subarray(offset).toString('utf8');
  const shapes = [...added.matchAll(/query not answered from an index.*?shape="([^"]+)"/g)].map((m) =>
    m[1].replace(/-t-?[0-9a-f]{8,12}\b/g, ''),
  );
  return [...new Set(shapes)].sort();
}

/** A return this long after a withdrawal is a comeback in the system the browser tests start (a day in production). */
const COMEBACK_MIN_SECONDS = 20;

function hasBrowserTests(): boolean {
  const dir = path.join(ROOT, 'web/e2e');
  return existsSync(dir) && readdirSync(dir).some((f) => f.endsWith('.e2e.test.ts'));
}

async function main() {
  mkdirSync(RESULTS, { recursive: true });
  const started = Date.now();
  startInfrastructure(say);
  const ferretLogStart = logSize();
  const totals = { passed: 0, failed: 0 };
  const add = (r: { passed: number; failed: number }) => ((totals.passed += r.passed), (totals.failed += r.failed));

  say('unit and integration tests…');
  add(jest('unit-integration', ['--selectProjects', 'unit', 'integration', '--maxWorkers=2']));

  if (hasBrowserTests()) {
    const reuse = await isSystemRunning();
    let stop = async () => undefined as void;
    if (!reuse) {
      buildWeb(say);
      // Every browser test comes from one address and many log in as the one administrator: the
      // account service's per-address and per-e-mail limits would refuse the later ones. The
      // notifier waits up to 2 s (not 150 ms) for a banner: on a CI machine busy with the whole
      // system, a later decision would send ads.e2e's one alert without the banner it looks for.
      const system = await startServices(say, {
        LOG_LEVEL: 'warn', CRAWL_RATE_MULTIPLIER: '20', CRAWL_FULL_WALK_SECONDS: '30', COMEBACK_MIN_SECONDS: String(COMEBACK_MIN_SECONDS),
        RATE_AUTH_PER_IP: '10000', RATE_AUTH_PER_EMAIL: '1000', RATE_FILTERS_PER_IP: '10000', RATE_FILTERS_PER_EMAIL: '1000',
        AD_DECISION_TIMEOUT_MS: '2000',
      });
      stop = system.stop;
      process.env.E2E_COMEBACK_MIN_SECONDS = String(COMEBACK_MIN_SECONDS);
    }
    say(`browser tests (Chromium) against ${reuse ? 'the running system' : 'a system started for them'}…`);
    try {
      add(jest('browser', ['--selectProjects', 'browser', '--runInBand']));
    } finally {
      await stop();
    }
  }

  // Each integration test file makes its own prefixed topics; left behind, they slow the broker down.
  const deleted = await deleteScratchTopics(0).catch(() => 0);
  if (deleted) say(`deleted ${deleted} topics the tests made`);
  const scans = scansSince(ferretLogStart);
  if (scans.length) say(`queries the database answered by scanning (add an index or change the query):\n  ${scans.join('\n  ')}`);
  say(`finished in ${Math.round((Date.now() - started) / 1000)} s`);
  process.stdout.write(`${totals.passed} passed, ${totals.failed} failed\n`);
  process.exit(totals.failed > 0 ? 1 : 0);
}

main().catch((err) => {
  say((err as Error).message);
  process.stdout.write('0 passed, 1 failed\n');
  process.exit(1);
});

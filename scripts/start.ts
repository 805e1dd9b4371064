import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildWeb, infrastructureUp, isSystemRunning, startInfrastructure, startServices, stopInfrastructure, table, tracingEnv } from './system/system';
import { systemProcesses } from './system/services';

/**
 * `npm start`: infrastructure, every service, the web client, the portal simulator and the mail
 * catcher. Ctrl-C stops what this start started; infrastructure that was already up (a test run,
 * an earlier start) is left as it was.
 */
const say = (line: string) => process.stdout.write(`[start] ${line}\n`);

async function main() {
  if (await isSystemRunning()) {
    say('Reality Radar is already running:');
    process.stdout.write(`${table(systemProcesses({}))}\n`);
    return;
  }
  const infraWasUp = await infrastructureUp();
  startInfrastructure(say, { jaeger: true });
  buildWeb(say);
  // The simulator's catalogue is small: walk it whole (withdrawal detection) every 30 s, not every 15 min.
  // It starts with a demo market (300 properties, then 4 a minute) unless SIM_DEMO=off.
  // An offer withdrawn for a minute (two walks) that returns is back on the market here, not after a day.
  const demo: Record<string, string> = process.env.SIM_DEMO === 'off' ? {} : { SIM_DEMO_COUNT: '300', SIM_DEMO_PER_MINUTE: '4' };
  const system = await startServices(say, {
    CRAWL_FULL_WALK_SECONDS: process.env.CRAWL_FULL_WALK_SECONDS ?? '30', COMEBACK_MIN_SECONDS: process.env.COMEBACK_MIN_SECONDS ?? '60', ...demo, ...tracingEnv(),
  });
  const secrets = JSON.parse(readFileSync(path.resolve(__dirname, '../.run/dev-secrets.json'), 'utf8'));
  process.stdout.write(`\nReality Radar is running:\n${table(system.processes)}\n`);
  process.stdout.write(`\n  administrator: ${secrets.ADMIN_EMAIL} / ${secrets.ADMIN_PASSWORD}\n  Ctrl-C stops the services.\n\n`);

  let stopping = false;
  const stop = async () => {
    if (stopping) process.exit(1);
    stopping = true;
    say('stopping services…');
    await system.stop();
    if (!infraWasUp) stopInfrastructure();
    say(infraWasUp ? 'stopped (the infrastructure was already up before; npm run infra -- stop stops it)' : 'stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err) => {
  process.stderr.write(`[start] ${(err as Error).message}\n`);
  process.exit(1);
});

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { bundleProcesses } from './bundle';
import { PORTS, portsFor, systemProcesses, type ProcessSpec } from './services';
import { Supervisor, waitHealthy } from './supervisor';

const ROOT = path.resolve(__dirname, '../..');
const RUN = path.join(ROOT, '.run');

export type Progress = (line: string) => void;

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => (socket.end(), resolve(true)));
    socket.on('error', () => resolve(false));
  });

/** Kafka, the database and the mail catcher all answering already. */
export async function infrastructureUp(): Promise<boolean> {
  const open = await Promise.all([9092, 27017, PORTS.mailWeb].map(portOpen));
  return open.every(Boolean);
}

export function stopInfrastructure(): void {
  spawnSync('bash', [path.join(ROOT, 'scripts/infra/infra.sh'), 'stop'], { stdio: 'inherit' });
}

/**
 * Jaeger only for `npm start` (and whoever asks): tests collect spans in memory and benchmarks run
 * untraced, so a fresh machine's test run does not wait for Jaeger's first build.
 */
export function startInfrastructure(progress: Progress, options: { jaeger?: boolean } = {}): void {
  progress(`infrastructure: Kafka, FerretDB, MailDev${options.jaeger ? ', Jaeger' : ''}…`);
  const env = { ...process.env, JAEGER: options.jaeger && process.env.JAEGER !== 'off' ? 'on' : 'off' };
  const result = spawnSync('bash', [path.join(ROOT, 'scripts/infra/infra.sh'), 'start'], { stdio: 'inherit', env });
  if (result.status !== 0) throw new Error('the infrastructure did not start (see the lines above)');
}

/**
 * Development secrets, made once per checkout and kept in .run/ (git-ignored): services refuse to
 * start without secrets, and a production deployment sets its own.
 */
function devSecrets(): Record<string, string> {
  const file = path.join(RUN, 'dev-secrets.json');
  const kept = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : null;
  // A checkout made before a secret existed gets it added (AD_TOKEN_SECRET came with advertising).
  if (kept?.AD_TOKEN_SECRET) return kept;
  const secrets = {
    JWT_SECRET: randomBytes(32).toString('hex'),
    WATCHDOG_LINK_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: 'admin@realityradar.local',
    ADMIN_PASSWORD: randomBytes(9).toString('base64url'),
    ...kept,
    AD_TOKEN_SECRET: randomBytes(32).toString('hex'),
  };
  mkdirSync(RUN, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** Traces to the local Jaeger (infra.sh starts it) for `npm start`; benchmarks run without unless they ask. JAEGER=off runs without. */
export function tracingEnv(): Record<string, string> {
  return {
    OTEL_ENABLED: process.env.JAEGER === 'off' ? 'false' : 'true',
    OTEL_EXPORTER_OTLP_ENDPOINT: process.env.OTEL_EXPORTER_OTLP_ENDPOINT ?? `http://127.0.0.1:${PORTS.otlpHttp}`,
  };
}

export function sharedEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    ...(process.env.PUBLIC_URL ? { PUBLIC_URL: process.env.PUBLIC_URL } : {}),
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:9092',
    MONGO_URL: process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017',
    SMTP_URL: process.env.SMTP_URL ?? `smtp://127.0.0.1:${PORTS.smtp}`,
    ...devSecrets(),
    ...overrides,
  };
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the web client when its sources are newer than the last build. */
export function buildWeb(progress: Progress): void {
  const web = path.join(ROOT, 'web');
  if (!existsSync(path.join(web, 'index.html'))) return;
  const built = path.join(web, 'dist/index.html');
  const sources = Math.max(newestMtime(path.join(web, 'src')), statSync(path.join(web, 'index.html')).mtimeMs);
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return progress('web client: build is current');
  progress('web client: building with Vite…');
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the web client did not build (see the lines above)');
}

export type RunningSystem = { supervisor: Supervisor; processes: ProcessSpec[]; stop: () => Promise<void> };

/** Everything but the infrastructure: services, gateway with the web client, portal simulator. */
export async function startServices(progress: Progress, envOverrides: Record<string, string> = {}, portOffset = 0): Promise<RunningSystem> {
  const ports = portsFor(portOffset);
  const processes = systemProcesses(sharedEnv({ PUBLIC_URL: `http://localhost:${ports.gateway}`, ...envOverrides }), ports);
  await bundleProcesses(processes);
  const supervisor = new Supervisor(progress, portOffset ? `-${portOffset}` : '');
  for (const spec of processes) supervisor.start(spec);
  progress(`starting ${processes.length} processes (logs in .run/logs/)…`);
  const results = await Promise.all(processes.map(async (p) => [p.name, await waitHealthy(p.healthUrl, 120_000)] as const));
  const failed = results.filter(([, ok]) => !ok).map(([name]) => name);
  if (failed.length) progress(`not healthy after 120 s: ${failed.join(', ')} — see .run/logs/<name>.log`);
  return { supervisor, processes, stop: () => supervisor.stopAll() };
}

export function isSystemRunning(): Promise<boolean> {
  return waitHealthy(`http://127.0.0.1:${PORTS.gateway}/api/openapi.json`, 500);
}

export function table(processes: ProcessSpec[]): string {
  const rows: Array<[string, string]> = [
    ['web client + API', `http://localhost:${PORTS.gateway}  (/api/health, /api/openapi.json; gateway metrics http://127.0.0.1:${PORTS.gatewayHealth}/metrics)`],
    ['mail catcher', `http://localhost:${PORTS.mailWeb}  (SMTP 127.0.0.1:${PORTS.smtp})`],
    ['traces (Jaeger)', `http://localhost:${PORTS.jaegerUi}  (API /api/traces; OTLP 127.0.0.1:${PORTS.otlpHttp})`],
    ['portal simulator', `http://localhost:${PORTS.simulator}  (admin API under /admin)`],
    ['payment simulator', `http://localhost:${PORTS.paymentSimulator}  (GoPay /gopay/api, gateway page /gopay/gw/{id}, Fio /fio, admin API under /admin)`],
    ['Kafka', process.env.KAFKA_BROKERS ?? '127.0.0.1:9092'],
    ['database', process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017 (FerretDB, SQLite)'],
    ...processes.filter((p) => p.service && p.name !== 'gateway').map((p) => [`  ${p.name}`, `${p.healthUrl}  (/metrics)`] as [string, string]),
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`).join('\n');
}

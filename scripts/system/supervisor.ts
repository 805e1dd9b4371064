import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { bundlePath } from './bundle';
import type { ProcessSpec } from './services';

const ROOT = path.resolve(__dirname, '../..');
/** Stack traces point into the TypeScript sources. */
const NODE_ARGS = ['--enable-source-maps'];
/** BENCH_CPU_PROF_DIR: each process writes a V8 CPU profile into <dir>/<name> when it stops (open in Chrome DevTools). */
/** BENCH_NODE_ARGS: further node flags for every process, space separated (`--trace-gc` writes each collection into its log). */
const profileArgs = (name: string) => [
  ...(process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.join(process.env.BENCH_CPU_PROF_DIR, name)}`] : []),
  ...(process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
];
export const LOG_DIR = path.join(ROOT, '.run/logs');

type Running = { spec: ProcessSpec; child: ChildProcess | null; restarts: number; log: WriteStream; stopped: boolean };

/**
 * Runs each process of the system as a child, logs to .run/logs/<name>.log, and restarts one that
 * exits with a growing delay, so a crash is visible in its log but never a tight loop.
 */
export class Supervisor {
  private readonly running = new Map<string, Running>();

  constructor(
    private readonly onEvent: (line: string) => void = () => undefined,
    /** Keeps a second system's logs apart (`matcher-1000.log`). */
    private readonly logSuffix = '',
  ) {
    mkdirSync(LOG_DIR, { recursive: true });
  }

  start(spec: ProcessSpec): void {
    const log = createWriteStream(path.join(LOG_DIR, `${spec.name}${this.logSuffix}.log`), { flags: 'a' });
    const entry: Running = { spec, child: null, restarts: 0, log, stopped: false };
    this.running.set(spec.name, entry);
    this.launch(entry);
  }

  private launch(entry: Running): void {
    const { spec } = entry;
    // Compiled by `bundle` before the start: plain node runs it, so a kill reaches the service itself.
    const child = spawn(process.execPath, [...NODE_ARGS, ...profileArgs(spec.name), bundlePath(spec.name)], {
      cwd: path.join(ROOT, spec.dir),
      env: { ...process.env, ...spec.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    entry.child = child;
    child.stdout?.pipe(entry.log, { end: false });
    child.stderr?.pipe(entry.log, { end: false });
    child.on('exit', (code, signal) => {
      entry.child = null;
      if (entry.stopped) return;
      const delay = Math.min(30_000, 1_000 * 2 ** Math.min(entry.restarts, 5));
      entry.restarts++;
      this.onEvent(`${spec.name} exited (${signal ?? `code ${code}`}); restarting in ${delay / 1000} s — see .run/logs/${spec.name}${this.logSuffix}.log`);
      setTimeout(() => !entry.stopped && this.launch(entry), delay).unref();
    });
  }

  /** Sends SIGTERM to one process and waits; the supervisor does not restart it. */
  async stop(name: string, timeoutMs = 12_000): Promise<void> {
    const entry = this.running.get(name);
    if (!entry) return;
    entry.stopped = true;
    const child = entry.child;
    if (child && child.exitCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    }
    entry.log.end();
    this.running.delete(name);
  }

  /** The process id of a running process (for benchmarks that read its memory). */
  pidOf(name: string): number | undefined {
    return this.running.get(name)?.child?.pid;
  }

  /** Kills a process the hard way (for fault benchmarks); it is restarted like a crash. */
  kill(name: string): void {
    this.running.get(name)?.child?.kill('SIGKILL');
  }

  /** Starts a stopped process again (after `stop`). */
  restart(spec: ProcessSpec): void {
    if (!this.running.has(spec.name)) this.start(spec);
  }

  async stopAll(): Promise<void> {
    // Reverse start order: the gateway first, the simulator last.
    for (const name of [...this.running.keys()].reverse()) await this.stop(name);
  }
}

/** Polls a URL until it answers 2xx. */
export async function waitHealthy(url: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}

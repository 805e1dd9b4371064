import { readFileSync } from 'node:fs';
import type { ProcessSpec } from '../../system/services';
import { Supervisor, waitHealthy } from '../../system/supervisor';

/** Resident memory of a process in MB (VmRSS), or null when it is gone. */
export function residentMB(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * Starts every process and times each until its health endpoint says ready (the matcher says so
 * only when it has replayed the watchdog topic).
 */
export async function startTimed(supervisor: Supervisor, processes: ProcessSpec[], timeoutMs: number): Promise<Record<string, number | null>> {
  const started = Date.now();
  for (const spec of processes) supervisor.start(spec);
  const entries = await Promise.all(
    processes.map(async (p) => [p.name, (await waitHealthy(p.healthUrl, timeoutMs)) ? Math.round((Date.now() - started) / 100) / 10 : null] as const),
  );
  return Object.fromEntries(entries);
}

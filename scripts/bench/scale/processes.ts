import { readFileSync } from 'node:fs';
import type { ProcessSpec } from '../../system/services';
import { Supervisor, waitHealthy } from '../../system/supervisor';

/** A memory figure of a process from /proc in MB (`VmRSS` resident now, `VmHWM` its peak), or null when it is gone. */
function statusMB(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number | null {
  if (!pid) return null;
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** Resident memory of a process in MB, or null when it is gone. */
export const residentMB = (pid: number | undefined) => statusMB(pid, 'VmRSS');
/** The process's high-water mark of resident memory in MB. */
export const peakResidentMB = (pid: number | undefined) => statusMB(pid, 'VmHWM');

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

/**
 * CPU seconds per process from /proc (Linux): what each part of a benchmark costs, and how much
 * of the machine others used meanwhile. Used by bench:ingest to say where the time goes.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICK = 100; // USER_HZ on Linux

type Proc = { pid: number; ppid: number; cpu: number; cmd: string };

function procs(): Proc[] {
  const out: Proc[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ');
      // utime, stime, cutime, cstime: fields 14–17 of stat, here shifted by the two before ')'.
      const cpu = (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / TICK;
      out.push({ pid: Number(name), ppid: Number(fields[1]), cpu, cmd });
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

/** CPU seconds of a process and all its descendants (only those whose command matches `only`, when given). */
function treeCpu(all: Proc[], root: number, only?: RegExp): number {
  const kids = new Map<number, Proc[]>();
  for (const p of all) kids.set(p.ppid, [...(kids.get(p.ppid) ?? []), p]);
  let sum = 0;
  const stack = all.filter((p) => p.pid === root);
  while (stack.length > 0) {
    const p = stack.pop()!;
    if (!only || only.test(p.cmd)) sum += p.cpu;
    stack.push(...(kids.get(p.pid) ?? []));
  }
  return sum;
}

/** Busy CPU seconds of the whole machine (all cores) since boot. */
function machineBusy(): number {
  const [, ...nums] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = nums.map(Number);
  return (user + nice + system + irq + softirq + steal) / TICK;
}

export type CpuSample = { at: number; machine: number; byName: Record<string, number> };

/** Samples named process trees (`pids`) and shared servers found by command line (`patterns`). */
export function sampleCpu(pids: Record<string, number>, patterns: Record<string, RegExp>): CpuSample {
  const all = procs();
  const byName: Record<string, number> = {};
  for (const [name, pid] of Object.entries(pids)) {
    // A headless browser a service starts (Reality.cz pages) is shown apart from the service's own code.
    const browser = treeCpu(all, pid, /chrom/);
    byName[name] = treeCpu(all, pid) - browser;
    if (browser > 0) byName[`${name}'s chromium`] = browser;
  }
  for (const [name, re] of Object.entries(patterns)) byName[name] = all.filter((p) => re.test(p.cmd)).reduce((s, p) => s + p.cpu, 0);
  return { at: Date.now(), machine: machineBusy(), byName };
}

/** Milliseconds of CPU per unit of work (a listing, a call) of each process between two samples, most first. */
export function cpuMsPer(before: CpuSample, after: CpuSample, units: number): Array<readonly [string, number]> {
  return Object.keys(after.byName)
    .map((k) => [k, ((after.byName[k] - (before.byName[k] ?? 0)) * 1000) / Math.max(1, units)] as const)
    .sort((a, b) => b[1] - a[1]);
}

/** "crawler 31.2 s, …; ours 70 % of the busy machine; 1.9 of 2 cores busy". */
export function describeCpu(before: CpuSample, after: CpuSample, cores: number): string {
  const wall = (after.at - before.at) / 1000;
  const delta = Object.fromEntries(Object.keys(after.byName).map((k) => [k, after.byName[k] - (before.byName[k] ?? 0)]));
  const ours = Object.values(delta).reduce((s, v) => s + v, 0);
  const busy = after.machine - before.machine;
  const parts = Object.entries(delta).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v.toFixed(1)} s`);
  return `CPU over ${wall.toFixed(1)} s: ${parts.join(', ')}; ours (with the shared servers) ${ours.toFixed(1)} s of ${busy.toFixed(1)} s busy on the machine `
    + `(${(busy / wall).toFixed(2)} of ${cores} cores busy; other users ${Math.max(0, busy - ours).toFixed(1)} s)`;
}

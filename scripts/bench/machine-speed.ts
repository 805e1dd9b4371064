/**
 * How fast this machine runs a fixed single-core workload right now, in milliseconds (lower is
 * faster). A shared 2-core machine ran the same code ~50 % slower in one hour than in the next
 * (docs/benchmarks.md), so the benches that cross runs print it at their start and end. Runs whose
 * speeds differ are not to be compared; agreeing speeds are not enough on their own: this loop
 * missed one slow state, in which the services' CPU a call rose ~45 % (docs/benchmarks.md).
 */
export function machineSpeedMs(): number {
  const runs: number[] = [];
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    let x = 0;
    for (let i = 0; i < 100_000_000; i++) x = (x + i * 7) % 1_000_003;
    if (x < 0) throw new Error('not reached'); // keeps the loop from being optimised away
    runs.push(performance.now() - started);
  }
  return Math.round(runs.sort((a, b) => a - b)[1]);
}

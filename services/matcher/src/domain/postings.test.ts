import { GROUP_UNITS, Postings } from './postings';
import { NO_LOWER, NO_UPPER } from './price-codes';

/** A tiny deterministic random source, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0) / 2 ** 32);
}

type Staged = { bucket: number; lower: number; upper: number; slot: number };
const kindOf = (e: Staged) => (e.lower === NO_LOWER ? 0 : e.upper === NO_UPPER ? 1 : 2);

/**
 * The layout the seal must produce, written the slow way: entries by bucket, kind (no lower bound,
 * only a lower bound, both) and ascending lower bound — descending upper bound for those without
 * a lower bound — in the order added where equal; entries with both bounds cut into chunks of 16,
 * each by descending upper bound (stable). Returns the slots in row order and the groups.
 */
function reference(entries: Staged[]): { slots: number[]; groups: Array<{ bucket: number; kind: number; slots: number[] }> } {
  const sorted = entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.bucket - b.e.bucket || kindOf(a.e) - kindOf(b.e) || keyOf(a.e) - keyOf(b.e) || a.i - b.i)
    .map(({ e }) => e);
  const groups: Array<{ bucket: number; kind: number; slots: number[] }> = [];
  for (let i = 0; i < sorted.length; ) {
    const { bucket } = sorted[i];
    const kind = kindOf(sorted[i]);
    let stop = i + 1;
    while (stop < sorted.length && sorted[stop].bucket === bucket && kindOf(sorted[stop]) === kind && (kind !== 2 || stop - i < 16)) stop++;
    const chunk = sorted.slice(i, stop);
    if (kind === 2) chunk.sort((a, b) => b.upper - a.upper);
    groups.push({ bucket, kind, slots: chunk.map((e) => e.slot) });
    i = stop;
  }
  return { slots: groups.flatMap((g) => g.slots), groups };
}
const keyOf = (e: Staged) => (kindOf(e) === 0 ? NO_UPPER - e.upper : e.lower);

describe('Postings seal', () => {
  it.each([
    ['few buckets, crowded', 7, 3, 3000],
    ['many small buckets', 11, 40, 2000],
    ['one entry', 13, 1, 1],
  ])('lays rows and groups out as the slow reference does (%s)', (_, seed, bases, count) => {
    const next = random(seed);
    const subs = 6;
    const postings = new Postings(false, subs);
    const entries: Staged[] = [];
    for (let slot = 0; slot < count; slot++) {
      // Few distinct bounds, so ties (kept in the order added) are common.
      const lower = next() < 0.3 ? NO_LOWER : 1 + Math.floor(next() * 40);
      const upper = next() < 0.3 ? NO_UPPER : lower + Math.floor(next() * 40);
      const bucket = Math.floor(next() * bases) * 17 * subs + Math.floor(next() * subs);
      entries.push({ bucket, lower, upper, slot });
      postings.add(bucket, lower | (upper << 16), slot, 0, 0, 0);
    }
    postings.seal();
    const expected = reference(entries);
    const { ints, stride } = postings.base;
    expect(Array.from({ length: count }, (_, i) => ints[i * stride + 4])).toEqual(expected.slots);
    const groups = postings.groupInts;
    expect(groups.length / GROUP_UNITS).toBe(expected.groups.length);
    expected.groups.forEach((group, g) => {
      const [highest, lowestAndStep, first, end] = groups.subarray(g * GROUP_UNITS, (g + 1) * GROUP_UNITS);
      const rows = entries.filter((e) => group.slots.includes(e.slot));
      expect(Math.abs(end) - first).toBe(group.slots.length);
      expect(end < 0).toBe(group.kind === 1);
      expect(highest).toBe(Math.max(...rows.map((e) => e.upper)));
      expect(lowestAndStep & 0xffff).toBe(Math.min(...rows.map((e) => e.lower)));
      // The step: groups left in its bucket's sub, itself included.
      const runEnd = expected.groups.findIndex((o, k) => k > g && o.bucket !== group.bucket);
      expect(lowestAndStep >>> 16).toBe((runEnd < 0 ? expected.groups.length : runEnd) - g);
      // The bucket's groups are found through the two-level table.
      const base = Math.floor(group.bucket / subs);
      const block = postings.blockOf[base];
      const sub = group.bucket - base * subs;
      expect(g).toBeGreaterThanOrEqual(postings.starts[block + sub]);
      expect(g).toBeLessThan(postings.starts[block + sub + 1]);
    });
  });
});

import { CappedCounts } from './capped-counts';

describe('CappedCounts', () => {
  let clock = 0;
  const counts = () => new CappedCounts(60_000, 2, () => clock);
  const counter = (answers: number[]) => {
    const calls = { n: 0 };
    return { calls, next: async () => answers[Math.min(calls.n++, answers.length - 1)] };
  };
  beforeEach(() => { clock = 0; });

  it('answers a capped count from memory until it is a minute old', async () => {
    const c = counts();
    const db = counter([10_000, 9_000]);
    expect(await c.count('CZ010', 10_000, db.next)).toBe(10_000);
    clock = 59_999;
    expect(await c.count('CZ010', 10_000, db.next)).toBe(10_000);
    expect(db.calls.n).toBe(1);
    clock = 60_000;
    expect(await c.count('CZ010', 10_000, db.next)).toBe(9_000);
    expect(db.calls.n).toBe(2);
  });

  it('counts again every time while under the cap', async () => {
    const c = counts();
    const db = counter([3, 4]);
    expect(await c.count('CZ010', 10_000, db.next)).toBe(3);
    expect(await c.count('CZ010', 10_000, db.next)).toBe(4);
    expect(db.calls.n).toBe(2);
  });

  it('keeps filters and caps apart, and at most its limit of them', async () => {
    const c = counts();
    const db = counter([5]);
    await c.count('a', 5, db.next);
    await c.count('a', 6, db.next); // under this cap: not remembered
    await c.count('b', 5, db.next);
    expect(db.calls.n).toBe(3);
    await c.count('a', 5, db.next);
    await c.count('b', 5, db.next);
    expect(db.calls.n).toBe(3);
    await c.count('c', 5, db.next); // the third capped filter pushes out the least recently used
    await c.count('a', 5, db.next);
    expect(db.calls.n).toBe(5);
  });
});

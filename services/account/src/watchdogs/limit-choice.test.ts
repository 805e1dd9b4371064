import { checkKeepChoice, fitToLimit } from './limit-choice';

const at = (day: number) => new Date(Date.UTC(2026, 0, day));
const w = (id: string, day: number, kept = false) => ({ _id: id, kept, createdAt: at(day) });

describe('fitToLimit', () => {
  it('keeps the newest when nothing was chosen', () => {
    const { on, off } = fitToLimit([w('a', 1), w('b', 3), w('c', 2)], 2);
    expect(on.map((x) => x._id)).toEqual(['b', 'c']);
    expect(off.map((x) => x._id)).toEqual(['a']);
  });

  it('keeps the chosen ones first, even when they are the oldest, and fills the rest with the newest', () => {
    const { on, off } = fitToLimit([w('a', 1, true), w('b', 3), w('c', 2), w('d', 4)], 2);
    expect(on.map((x) => x._id)).toEqual(['a', 'd']);
    expect(off.map((x) => x._id)).toEqual(['b', 'c']);
  });

  it('switches nothing off under a limit that fits everything, and everything off under zero', () => {
    expect(fitToLimit([w('a', 1), w('b', 2)], 5).off).toEqual([]);
    expect(fitToLimit([w('a', 1), w('b', 2)], 0).on).toEqual([]);
  });
});

describe('checkKeepChoice', () => {
  const candidates = new Set(['a', 'b', 'c']);
  it('accepts distinct candidates within the limit', () => expect(checkKeepChoice(['a', 'c'], candidates, 2)).toBeNull());
  it('refuses an empty choice, repeats, strangers and more than the limit', () => {
    expect(checkKeepChoice([], candidates, 2)).toBe('empty');
    expect(checkKeepChoice(['a', 'a'], candidates, 2)).toBe('duplicate');
    expect(checkKeepChoice(['a', 'x'], candidates, 2)).toBe('not-candidate');
    expect(checkKeepChoice(['a', 'b', 'c'], candidates, 2)).toBe('too-many');
  });
});

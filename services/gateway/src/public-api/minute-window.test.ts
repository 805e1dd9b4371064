import { MinuteWindows } from './minute-window';

describe('MinuteWindows', () => {
  it('allows the limit within a minute, refuses the next, and starts again in the next minute', () => {
    let now = Date.parse('2026-11-25T10:00:10Z');
    const w = new MinuteWindows(() => now);
    expect(w.take('k', 2)).toEqual({ allowed: true, remaining: 1, resetSeconds: 50 });
    expect(w.take('k', 2).allowed).toBe(true);
    expect(w.take('k', 2)).toEqual({ allowed: false, remaining: 0, resetSeconds: 50 });
    expect(w.take('other', 2).allowed).toBe(true);
    now += 60_000;
    expect(w.take('k', 2).allowed).toBe(true);
  });
});

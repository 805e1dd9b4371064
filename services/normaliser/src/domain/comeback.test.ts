import { DEFAULT_COMEBACK_MIN_MS, isComeback } from './comeback';

const HOUR = 3_600_000;
const at = (iso: string, plusMs = 0) => new Date(Date.parse(iso) + plusMs).toISOString();
const WITHDRAWN = '2026-11-20T08:00:00.000Z';

describe('isComeback', () => {
  it('calls a return news once the offer stayed withdrawn for the minimum gap, and not a moment before', () => {
    expect(isComeback(WITHDRAWN, at(WITHDRAWN, DEFAULT_COMEBACK_MIN_MS), DEFAULT_COMEBACK_MIN_MS)).toBe(true);
    expect(isComeback(WITHDRAWN, at(WITHDRAWN, 3 * 24 * HOUR), DEFAULT_COMEBACK_MIN_MS)).toBe(true);
    expect(isComeback(WITHDRAWN, at(WITHDRAWN, DEFAULT_COMEBACK_MIN_MS - 1), DEFAULT_COMEBACK_MIN_MS)).toBe(false);
  });

  it('does not call a re-post within hours (or within the same walk) a comeback', () => {
    expect(isComeback(WITHDRAWN, at(WITHDRAWN, 2 * HOUR), DEFAULT_COMEBACK_MIN_MS)).toBe(false);
    expect(isComeback(WITHDRAWN, WITHDRAWN, DEFAULT_COMEBACK_MIN_MS)).toBe(false);
  });

  it('follows a shorter configured gap (the local system uses a minute)', () => {
    expect(isComeback(WITHDRAWN, at(WITHDRAWN, 60_000), 60_000)).toBe(true);
    expect(isComeback(WITHDRAWN, at(WITHDRAWN, 59_999), 60_000)).toBe(false);
  });

  it('is not a comeback when the withdrawal time is unknown or the return predates it', () => {
    expect(isComeback(null, at(WITHDRAWN, 10 * 24 * HOUR), DEFAULT_COMEBACK_MIN_MS)).toBe(false);
    expect(isComeback(undefined, at(WITHDRAWN, 10 * 24 * HOUR), DEFAULT_COMEBACK_MIN_MS)).toBe(false);
    expect(isComeback(WITHDRAWN, at(WITHDRAWN, -5 * 24 * HOUR), DEFAULT_COMEBACK_MIN_MS)).toBe(false);
    expect(isComeback('not a date', at(WITHDRAWN), DEFAULT_COMEBACK_MIN_MS)).toBe(false);
  });
});

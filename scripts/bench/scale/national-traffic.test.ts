import { CALLS_A_DAY, MIN_RATE, peakPerSecond, roundUpToStep, statedRate } from './national-traffic';

describe('roundUpToStep', () => {
  it.each([
    [0.3, 0.5], [1, 1], [1.01, 2], [4.5, 5], [30, 50], [90, 100], [100.00000000001, 100], [101, 200], [250, 500],
  ])('%p → %p', (x, step) => expect(roundUpToStep(x)).toBeCloseTo(step, 9));

  it('answers 0 for nothing to state', () => expect(roundUpToStep(0)).toBe(0));
});

describe('statedRate', () => {
  it('is the busiest hour with the margin, rounded up to a step', () => {
    // 900,000 a day: 12 % in the busiest hour is 30 a second, ×3 is 90, stated as 100.
    expect(peakPerSecond(900_000)).toBeCloseTo(30, 9);
    expect(statedRate('GET /api/user')).toBe(100);
    expect(statedRate('GET /api/filters')).toBe(50);
  });

  it('never states less than the floor, so every phase holds enough requests for a p99', () => {
    expect(statedRate('admin user search')).toBe(MIN_RATE);
    for (const call of Object.keys(CALLS_A_DAY)) expect(statedRate(call)).toBeGreaterThanOrEqual(MIN_RATE);
  });

  it('knows no rate for a call outside the model', () => expect(statedRate('GET /api/unknown')).toBeNull());
});

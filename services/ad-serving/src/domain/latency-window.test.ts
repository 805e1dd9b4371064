import { LatencyWindow } from './latency-window';

describe('the latency window', () => {
  it('answers the p99 of what it holds and forgets the oldest past its size', () => {
    const w = new LatencyWindow(100);
    for (let i = 1; i <= 100; i++) w.add(i);
    expect(w.quantile(0.99)).toBe(99);
    for (let i = 0; i < 100; i++) w.add(5);
    expect(w.quantile(0.99)).toBe(5);
    expect(w.count).toBe(200);
  });

  it('is zero before anything was measured', () => {
    expect(new LatencyWindow().quantile(0.99)).toBe(0);
  });
});

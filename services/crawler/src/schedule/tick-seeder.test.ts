import { needsSeed } from './tick-seeder';

const now = new Date('2026-11-20T10:00:00Z');
const ago = (s: number) => new Date(now.getTime() - s * 1000);

describe('needsSeed', () => {
  it('seeds a portal that never had a tick', () => {
    expect(needsSeed({ nextTickAt: null, leaseUntil: null }, now, 30_000)).toBe(true);
  });

  it('leaves a chain alone while its next tick is due or only a little late', () => {
    expect(needsSeed({ nextTickAt: ago(-5), leaseUntil: null }, now, 30_000)).toBe(false);
    expect(needsSeed({ nextTickAt: ago(20), leaseUntil: null }, now, 30_000)).toBe(false);
  });

  it('seeds again when the next tick is overdue beyond the grace', () => {
    expect(needsSeed({ nextTickAt: ago(31), leaseUntil: null }, now, 30_000)).toBe(true);
  });

  it('never seeds while a crawl holds a live lease, however late the tick', () => {
    expect(needsSeed({ nextTickAt: ago(600), leaseUntil: ago(-10) }, now, 30_000)).toBe(false);
    expect(needsSeed({ nextTickAt: ago(600), leaseUntil: ago(10) }, now, 30_000)).toBe(true);
  });
});

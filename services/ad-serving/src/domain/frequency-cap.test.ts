import { FrequencyCap, pragueDay } from './frequency-cap';

describe('frequency cap', () => {
  it('counts Prague calendar days', () => {
    expect(pragueDay(Date.parse('2026-11-24T23:30:00Z'))).toBe('2026-11-25');
    expect(pragueDay(Date.parse('2026-07-24T21:59:00Z'))).toBe('2026-07-24');
    expect(pragueDay(Date.parse('2026-07-24T22:00:00Z'))).toBe('2026-07-25');
  });

  it('allows a campaign a recipient at most so many times a day, per campaign', () => {
    const cap = new FrequencyCap(2);
    const t = Date.parse('2026-11-25T10:00:00Z');
    cap.record('r1', 'c1', t);
    expect(cap.allows('r1', 'c1', t)).toBe(true);
    cap.record('r1', 'c1', t);
    expect(cap.allows('r1', 'c1', t)).toBe(false);
    expect(cap.allows('r1', 'c2', t)).toBe(true);
    expect(cap.allows('r2', 'c1', t)).toBe(true);
  });

  it('starts afresh on the next Prague day and forgets the old one', () => {
    const cap = new FrequencyCap(1);
    cap.record('r1', 'c1', Date.parse('2026-11-25T22:00:00Z'));
    expect(cap.allows('r1', 'c1', Date.parse('2026-11-25T22:30:00Z'))).toBe(false);
    expect(cap.allows('r1', 'c1', Date.parse('2026-11-25T23:01:00Z'))).toBe(true);
    expect(cap.size()).toBe(0);
  });
});

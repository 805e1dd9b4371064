import { randomUUID } from 'node:crypto';
import { Envelope, parseEnvelopeFast } from './envelope';

/**
 * Differential test: the hand-written envelope parser against the zod schema. Valid envelopes and
 * mutations of each field (dropped, null, another type, near-miss strings and numbers) must be
 * accepted and refused alike, and an accepted one must come out as the same value, key order included.
 */
const valid = () => ({
  id: randomUUID(), type: 'watchdog.changed', version: 1, occurredAt: new Date().toISOString(), producer: 'account', correlationId: randomUUID(), key: 'w_1',
  data: { watchdogId: 'w_1', watchdog: null },
});

const NEAR_MISSES: Record<string, unknown[]> = {
  id: ['', 'x', '123e4567-e89b-12d3-a456-426614174000', '123E4567-E89B-12D3-A456-426614174000', '123e4567e89b12d3a456426614174000', '123e4567-e89b-12d3-a456-42661417400', '123e4567-e89b-12d3-a456-4266141740000', 'g23e4567-e89b-12d3-a456-426614174000'],
  type: ['watchdog.changed', 'offer-x.price-dropped', 'watchdog', 'Watchdog.changed', 'watchdog.changed.v1', 'a.b', '.changed', 'watchdog-.changed', 'watchdog_changed.x', ''],
  version: [1, 2, 0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '1'],
  occurredAt: ['2026-11-27T04:00:00.000Z', '2026-11-27T04:00:00Z', '2026-11-27T04:00Z', '2026-11-27T04:00:00+01:00', '2026-02-30T00:00:00Z', '2026-11-27', ''],
  producer: ['account', '', ' '],
  correlationId: ['c', '', 'x'.repeat(200)],
  key: ['k', '', 'w_1'],
  data: [null, undefined, 0, 'x', [], {}],
};
const OTHER_TYPES = [null, undefined, 0, 1, true, [], {}, 'x'];

function expectSame(data: unknown, label: string) {
  const slow = Envelope.safeParse(data);
  const fast = parseEnvelopeFast(data);
  if (slow.success !== (fast !== undefined)) throw new Error(`${label}: zod ${slow.success ? 'accepts' : 'refuses'}, the fast parser ${fast === undefined ? 'refuses' : 'accepts'}: ${JSON.stringify(data)}`);
  if (slow.success) {
    expect(fast).toStrictEqual(slow.data);
    expect(JSON.stringify(fast)).toBe(JSON.stringify(slow.data));
  }
  return slow.success;
}

describe('parseEnvelopeFast', () => {
  it('accepts a valid envelope as zod does, unknown keys dropped', () => {
    expect(expectSame(valid(), 'valid')).toBe(true);
    expect(expectSame({ ...valid(), extra: 1 }, 'extra key')).toBe(true);
    const { data: _data, ...withoutData } = valid();
    expect(expectSame(withoutData, 'no data')).toBe(true);
  });

  it('answers as zod does for every field dropped, of another type or a near miss', () => {
    let refused = 0;
    for (const field of Object.keys(NEAR_MISSES)) {
      const dropped: Record<string, unknown> = valid();
      delete dropped[field];
      if (!expectSame(dropped, `${field} dropped`)) refused++;
      for (const value of [...NEAR_MISSES[field], ...OTHER_TYPES]) if (!expectSame({ ...valid(), [field]: value }, `${field}: ${String(value)}`)) refused++;
    }
    expect(refused).toBeGreaterThan(60);
    for (const data of OTHER_TYPES) expectSame(data, `not an object: ${String(data)}`);
  });
});

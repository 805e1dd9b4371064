import { z } from 'zod';

/**
 * zod 3.25 built the RegExp of a `.datetime()` check anew for every value it checked (~1.2 µs of
 * a ~3 µs object parse with two such fields; every event envelope and most event schemas have
 * them). `scripts/patches` keeps it on the check at install (patch-package); this holds the
 * installed copy to the patch, and the patched check to zod's verdicts.
 */
describe('zod datetime checks (patched)', () => {
  const plain = z.string().datetime();
  const withOffset = z.string().datetime({ offset: true });
  const checkOf = (schema: z.ZodString) => schema._def.checks.find((c) => c.kind === 'datetime') as { cachedRegex?: RegExp };

  it('builds the check\'s pattern once and keeps it', () => {
    plain.parse('2026-11-29T17:00:00.000Z');
    const built = checkOf(plain).cachedRegex;
    expect(built).toBeInstanceOf(RegExp);
    plain.parse('2026-11-30T08:15:00Z');
    expect(checkOf(plain).cachedRegex).toBe(built);
  });

  it('gives each check the pattern of its own options', () => {
    expect(withOffset.safeParse('2026-11-29T17:00:00+01:00').success).toBe(true);
    expect(plain.safeParse('2026-11-29T17:00:00+01:00').success).toBe(false);
    expect(checkOf(withOffset).cachedRegex).not.toBe(checkOf(plain).cachedRegex);
  });

  it('answers as before, again and again (no state kept between values)', () => {
    const values = ['2026-11-29T17:00:00Z', 'not a date', '2026-11-29', '2026-11-29T17:00:00.123456Z', '2026-13-01T00:00:00Z', '2026-11-29T17:00:00Z'];
    const verdicts = [true, false, false, true, false, true];
    for (let round = 0; round < 3; round++) expect(values.map((v) => plain.safeParse(v).success)).toEqual(verdicts);
  });
});

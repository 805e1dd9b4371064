import type { WatchdogCriteria } from '@rr/proto';
import { exampleWatchdog } from '@rr/proto/examples';
import { CriteriaPool, KeptWatchdog } from './kept-watchdog';

const criteria = (overrides: Partial<WatchdogCriteria> = {}): WatchdogCriteria => structuredClone({ ...exampleWatchdog.criteria, ...overrides });

describe('CriteriaPool', () => {
  it('reads exactly as the criteria it was given', () => {
    const pool = new CriteriaPool();
    const given = criteria({ price: { from: 1_000_000, to: null }, area: { to: 80 }, words: { any: ['balkon*'], none: [] } });
    expect(pool.share(given)).toEqual(given);
  });

  it('shares equal pieces between watchdogs and keeps different ones apart', () => {
    const pool = new CriteriaPool();
    const a = pool.share(criteria({ price: { from: null, to: 5_000_000 } }));
    const b = pool.share(criteria({ price: { from: null, to: 5_000_000 } }));
    const c = pool.share(criteria({ price: { to: 5_000_000 } }));
    expect(b.places).toBe(a.places);
    expect(b.places[0]).toBe(a.places[0]);
    expect(b.adTypes).toBe(a.adTypes);
    expect(b.price).toBe(a.price);
    expect(b.words).toBe(a.words);
    // A missing end and null read alike to the index, but the shared piece keeps what was sent.
    expect(c.price).not.toBe(a.price);
    expect(c.price).toEqual({ to: 5_000_000 });
    // Ranges with one end alike are still different ranges.
    const d = pool.share(criteria({ price: { from: null, to: 6_000_000 } }));
    expect(d.price).not.toBe(a.price);
    expect(d.price).toEqual({ from: null, to: 6_000_000 });
  });

  it('tells places apart by every field, a missing point from a null one', () => {
    const pool = new CriteriaPool();
    const praha = exampleWatchdog.criteria.places[0];
    const variants = [
      praha, { ...praha, radiusKm: 5 }, { ...praha, name: 'Praha 1' }, { ...praha, kind: 'region' as const }, { ...praha, point: null },
      { ...praha, point: { lat: praha.point!.lat, lon: praha.point!.lon + 0.001 } }, { kind: praha.kind, code: praha.code, name: praha.name, radiusKm: 0 },
    ];
    const shared = variants.map((p) => pool.share(criteria({ places: [p] })).places);
    variants.forEach((p, i) => expect(shared[i]).toStrictEqual([p]));
    expect(new Set(shared.map((list) => list[0])).size).toBe(variants.length);
    // The same places again, one by one and as a list of several: the lists already made.
    variants.forEach((p, i) => expect(pool.share(criteria({ places: [structuredClone(p)] })).places).toBe(shared[i]));
    const two = pool.share(criteria({ places: [variants[1], variants[4]] })).places;
    expect(two).toStrictEqual([variants[1], variants[4]]);
    expect(pool.share(criteria({ places: structuredClone([variants[1], variants[4]]) })).places).toBe(two);
    expect(two[0]).toBe(shared[1][0]);
  });
});

describe('KeptWatchdog', () => {
  it('keeps what alerts read, the recipient in lower case and the expiry as a number', () => {
    const kept = new KeptWatchdog({ ...exampleWatchdog, email: 'Jana@Example.CZ', expiresAt: '2026-12-01T00:00:00.000Z' }, exampleWatchdog.criteria);
    expect(kept).toMatchObject({ id: exampleWatchdog.id, email: 'Jana@Example.CZ', recipient: 'jana@example.cz', locale: exampleWatchdog.locale, updatedAt: exampleWatchdog.updatedAt, slot: -1 });
    expect(kept.expiresAtMs).toBe(Date.parse('2026-12-01T00:00:00.000Z'));
    expect(new KeptWatchdog({ ...exampleWatchdog, expiresAt: null }, exampleWatchdog.criteria).expiresAtMs).toBe(Infinity);
    const changed = new KeptWatchdog({ ...exampleWatchdog, updatedAt: '2026-11-27T05:00:00.000Z' }, exampleWatchdog.criteria);
    expect([changed.createdAt, changed.updatedAt]).toEqual([exampleWatchdog.createdAt, '2026-11-27T05:00:00.000Z']);
  });
});

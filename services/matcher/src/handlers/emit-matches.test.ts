import { DEFAULT_SCHEDULE, ROLES, checkMapArea, type MapArea, type Watchdog } from '@rr/proto';
import { exampleWatchdog } from '@rr/proto/examples';
import type { Hit } from '../domain/watchdog-registry';
import { areaOfWatchdog, recipientsOf as recipientsOfHits } from './emit-matches';

const watchdog = (over: Partial<Watchdog>): Watchdog => ({ ...exampleWatchdog, ownerRole: ROLES.STANDARD, ...over });
/** Each watchdog as a new-offer hit. */
const recipientsOf = (watchdogs: Watchdog[]) => recipientsOfHits(watchdogs.map((watchdog): Hit => ({ watchdog, reason: 'new' })));
const digest = { mode: 'digest' as const, schedule: DEFAULT_SCHEDULE };

describe('recipients of the matching watchdogs', () => {
  it('alerts the owner and every confirmed invitee of a shared watchdog', () => {
    const shared = watchdog({ id: 'w_shared', email: 'Owner@example.cz', members: [{ email: 'partner@example.cz', locale: 'en', userId: null }] });
    const got = recipientsOf([shared]);
    expect(got.map((r) => [r.email, r.member, r.locale])).toEqual([['owner@example.cz', false, 'cs'], ['partner@example.cz', true, 'en']]);
  });

  it('gives a person who owns one watchdog and is invited to another one alert, from their own watchdog', () => {
    const mine = watchdog({ id: 'w_mine', email: 'partner@example.cz', createdAt: '2026-02-01T00:00:00.000Z' });
    const theirs = watchdog({ id: 'w_theirs', email: 'owner@example.cz', createdAt: '2026-01-01T00:00:00.000Z', members: [{ email: 'PARTNER@example.cz', locale: 'cs', userId: null }] });
    const got = recipientsOf([theirs, mine]);
    const partner = got.filter((r) => r.email === 'partner@example.cz');
    expect(partner).toHaveLength(1);
    expect(partner[0]).toMatchObject({ member: false, watchdog: { id: 'w_mine' } });
  });

  it('prefers an instant watchdog to a digest one of the same person, then the oldest', () => {
    const older = watchdog({ id: 'w_old', createdAt: '2026-01-01T00:00:00.000Z', delivery: digest });
    const newer = watchdog({ id: 'w_new', createdAt: '2026-03-01T00:00:00.000Z' });
    expect(recipientsOf([older, newer])[0].watchdog.id).toBe('w_new');
    expect(recipientsOf([newer, watchdog({ id: 'w_older', createdAt: '2025-01-01T00:00:00.000Z' })])[0].watchdog.id).toBe('w_older');
  });

  it('alerts only as many invitees as the owner\'s tier allows (after a downgrade, the first ones)', () => {
    const members = ['a', 'b', 'c'].map((n) => ({ email: `${n}@example.cz`, locale: 'cs' as const, userId: null }));
    expect(recipientsOf([watchdog({ ownerRole: ROLES.MINI, members })]).map((r) => r.email)).toEqual([exampleWatchdog.email.toLowerCase(), 'a@example.cz']);
    expect(recipientsOf([watchdog({ ownerRole: ROLES.USER, members })]).map((r) => r.email)).toEqual([exampleWatchdog.email.toLowerCase()]);
  });

  it('carries digests only for tiers that include them (a downgrade falls back to instant alerts)', () => {
    expect(recipientsOf([watchdog({ delivery: digest })])[0].delivery).toEqual(digest);
    expect(recipientsOf([watchdog({ delivery: digest, ownerRole: ROLES.USER })])[0].delivery).toBeUndefined();
  });

  it('gives a person the alert kind they asked for over a new-offer alert, even from a watchdog they are invited to', () => {
    const own = watchdog({ id: 'w_own', email: 'partner@example.cz' });
    const shared = watchdog({ id: 'w_shared', email: 'owner@example.cz', members: [{ email: 'partner@example.cz', locale: 'cs', userId: null }] });
    const got = recipientsOfHits([{ watchdog: own, reason: 'new' }, { watchdog: shared, reason: 'priceDrop' }]);
    expect(got.find((r) => r.email === 'partner@example.cz')).toMatchObject({ reason: 'priceDrop', member: true, watchdog: { id: 'w_shared' } });
    expect(got.find((r) => r.email === 'owner@example.cz')).toMatchObject({ reason: 'priceDrop', member: false });
  });
});

describe('the area a match carries for the e-mail', () => {
  const ring = (lon: number, lat: number, d: number) => [[lon - d, lat - d], [lon + d, lat - d], [lon + d, lat + d], [lon - d, lat + d], [lon - d, lat - d]];
  const drawn = (...boxes: number[][][]): MapArea => {
    const check = checkMapArea({ type: 'MultiPolygon', coordinates: boxes.map((r) => [r]) });
    if (!check.ok) throw new Error(check.problem);
    return check.area;
  };

  it('tells the polygons and their size of an area watchdog, and nothing for one without an area', () => {
    const area = drawn(ring(16.6, 49.2, 0.01), ring(16.65, 49.2, 0.01));
    const got = areaOfWatchdog(watchdog({ criteria: { ...exampleWatchdog.criteria, mapArea: area } }));
    expect(got.mapArea?.polygons).toBe(2);
    expect(got.mapArea?.km2).toBeCloseTo(6.47, 1);
    expect(areaOfWatchdog(watchdog({}))).toEqual({});
  });

  it('computes an area once and answers the same for later matches', () => {
    const w = watchdog({ criteria: { ...exampleWatchdog.criteria, mapArea: drawn(ring(16.6, 49.2, 0.01)) } });
    expect(areaOfWatchdog(w).mapArea).toBe(areaOfWatchdog(w).mapArea);
  });
});

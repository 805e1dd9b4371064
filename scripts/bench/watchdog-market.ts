import { ROLES, type Watchdog } from '@rr/proto';
import { getGazetteer } from '@rr/gazetteer';
import { Market, seeded } from './matcher-market';

/**
 * Active watchdogs shaped like the Czech market for whole-system runs, spread over `recipients`
 * people (some hold several). Criteria on facts the simulator's ground truth does not state
 * (elevator, terraces, beds) are left open, so the expected alerts can be computed exactly.
 */
export function marketWatchdogs(count: number, recipients: number, runId: string): Watchdog[] {
  const r = seeded(20261122);
  const market = new Market(getGazetteer(), r);
  const now = new Date();
  const domain = `${runId.replace(/[^a-z0-9]/gi, '').toLowerCase()}.bench.example`;
  return Array.from({ length: count }, (_, i) => {
    const criteria = market.watchdog();
    const person = i < recipients ? i : r.int(0, recipients - 1);
    return {
      id: `w_bench_${runId}_${i}`,
      userId: null,
      email: `person${person}@${domain}`,
      locale: r.chance(0.8) ? 'cs' : 'en',
      ownerRole: ROLES.USER,
      adsConsent: false,
      name: null,
      criteria: { ...criteria, elevatorOnly: false, terraceTypes: [], beds: {}, priceDrops: false },
      status: 'Active',
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
      lastEmailAt: null,
      sentCount: 0,
    };
  });
}

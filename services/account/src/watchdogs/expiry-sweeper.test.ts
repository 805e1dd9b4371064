import { createLogger } from '@rr/kit';
import type { AccountLifecycle } from '../users/account-lifecycle';
import { ExpirySweeper } from './expiry-sweeper';
import type { WatchdogRecord } from './watchdog.model';
import type { WatchdogPublisher } from './watchdog.publisher';
import type { WatchdogRepository } from './watchdog.repository';
import type { WatchdogService } from './watchdog.service';

const now = new Date('2026-11-25T10:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * 86_400_000);

/** Watchdogs in memory, answering the sweeper's two queries as the indexed ones do. */
function setup(watchdogs: Array<Pick<WatchdogRecord, '_id' | 'status' | 'expiresAt' | 'unpublished'>>) {
  const byId = new Map(watchdogs.map((w) => [w._id, { ...w } as WatchdogRecord]));
  const reads: number[] = [];
  const repo = {
    dueToExpire: async (when: Date, limit: number) => {
      const page = [...byId.values()]
        .filter((w) => w.status === 'Active' && w.expiresAt !== null && w.expiresAt <= when)
        .sort((a, b) => a.expiresAt!.getTime() - b.expiresAt!.getTime())
        .slice(0, limit);
      reads.push(page.length);
      return page;
    },
    unpublished: async (limit: number) => [...byId.values()].filter((w) => w.unpublished).slice(0, limit),
  } as unknown as WatchdogRepository;
  const service = { disable: async (w: WatchdogRecord) => void (byId.get(w._id)!.status = 'Disabled') } as unknown as WatchdogService;
  const published: string[] = [];
  const publisher = { changed: async (w: WatchdogRecord) => void published.push(w._id) } as unknown as WatchdogPublisher;
  const lifecycle = { expireRoles: async () => 0 } as unknown as AccountLifecycle;
  const sweeper = new ExpirySweeper(repo, service, publisher, lifecycle, createLogger('test', 'silent'), 2);
  return { sweeper, byId, reads, published };
}

describe('expiry sweeper', () => {
  it('disables every expired watchdog across several pages and no other', async () => {
    const { sweeper, byId, reads } = setup([
      ...Array.from({ length: 5 }, (_, i) => ({ _id: `old${i}`, status: 'Active' as const, expiresAt: at(-i - 1), unpublished: false })),
      { _id: 'future', status: 'Active', expiresAt: at(3), unpublished: false },
      { _id: 'paid', status: 'Active', expiresAt: null, unpublished: false },
      { _id: 'off', status: 'Disabled', expiresAt: at(-9), unpublished: false },
    ]);
    const result = await sweeper.sweep(now);
    expect(result.expired).toBe(5);
    expect([...byId.values()].filter((w) => w.status === 'Disabled').map((w) => w._id).sort()).toEqual(['off', 'old0', 'old1', 'old2', 'old3', 'old4']);
    expect(reads).toEqual([2, 2, 1]);
  });

  it('publishes again the changes whose publishing failed', async () => {
    const { sweeper, published } = setup([
      { _id: 'a', status: 'Active', expiresAt: null, unpublished: true },
      { _id: 'b', status: 'Active', expiresAt: null, unpublished: false },
    ]);
    expect((await sweeper.sweep(now)).republished).toBe(1);
    expect(published).toEqual(['a']);
  });
});

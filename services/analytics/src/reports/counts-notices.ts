import { randomUUID } from 'node:crypto';
import { CoalescingPublisher, type Bus, type Logger, type Shutdown } from '@rr/kit';
import type { CountsVersion } from '../repositories/price-bucket.repository';
import type { CachedReadModel } from './cached-read-model';

/** How often an instance sends itself a probe through the notices topic. */
const PROBE_MS = 5_000;
/** Counts documents one `bucket-counts.changed` may name (its schema's limit). */
const NOTICE_MAX_COUNTS = 1_000;
/** A probe not back within this: the notices lag or stopped, so copies are checked again. */
const PROBE_LAG_LIMIT_MS = 30_000;

/**
 * Keeps the report cache following `bucket-counts.changed`. Every instance reads the whole topic
 * with a group of its own from where it joins. It cannot tell from the join alone where it
 * starts reading, so it sends itself probes: its own probe read back means every change
 * announced after it will be read too, and the cache may trust its copies (`follow`). A probe
 * late by more than `PROBE_LAG_LIMIT_MS` sends the cache back to checking until one comes back.
 */
export async function followCountsNotices(bus: Bus, readModel: CachedReadModel, log: Logger, shutdown: Shutdown, onFirstFollow: () => void = () => {}): Promise<{ announce: (counts: CountsVersion[]) => void }> {
  const instance = `analytics-${randomUUID()}`;
  let lastBack = Date.now();
  let followedBefore = false;
  await bus.subscribe({
    group: `analytics.report-copies.${instance}`,
    events: ['bucket-counts.changed'],
    handle: async (event) => {
      if (event.data.by === instance && event.data.counts.length === 0) {
        lastBack = Date.now();
        if (!readModel.isFollowing) {
          readModel.follow();
          log.info('report copies follow the changed counts');
          if (!followedBefore) onFirstFollow();
          followedBefore = true;
        }
      } else readModel.changed(event.data.counts);
      return 'processed';
    },
  });
  const probe = () => {
    if (readModel.isFollowing && Date.now() - lastBack > PROBE_LAG_LIMIT_MS) {
      readModel.unfollow();
      log.warn({ lagMs: Date.now() - lastBack }, 'changed counts lag behind; reports check every copy until they catch up');
    }
    bus.publish('bucket-counts.changed', instance, { counts: [], by: instance }).catch((err: Error) => log.warn({ err }, 'probe not sent'));
  };
  // Fast at first (the group's first position is taken a moment after the join), then steady.
  const first = setInterval(() => (readModel.isFollowing ? clearInterval(first) : probe()), 200);
  const steady = setInterval(probe, PROBE_MS);
  shutdown.add('counts-probes', () => {
    clearInterval(first);
    clearInterval(steady);
  });
  // Not waited for by the offer events: notices of events handled while one is sent ride together in the next.
  const notices = new CoalescingPublisher<CountsVersion[]>((lists) => bus.publishMany('bucket-counts.changed', lists.map((counts) => ({ key: instance, data: { counts, by: instance } }))));
  return {
    announce: (counts) => {
      // One notice a batch; one that changed more counts documents than a notice may name goes in several.
      for (let i = 0; i < counts.length; i += NOTICE_MAX_COUNTS) {
        const part = counts.slice(i, i + NOTICE_MAX_COUNTS);
        notices.add(part).catch((err: Error) => log.warn({ err, counts: part.length }, 'changed counts not announced; other instances may hold old copies until they expire'));
      }
    },
  };
}

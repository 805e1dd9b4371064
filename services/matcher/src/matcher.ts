import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '@rr/kit';
import { ReplayProgress } from './domain/replay-progress';
import { WatchdogRegistry } from './domain/watchdog-registry';
import type { MatcherConfig } from './config';
import { onOfferPublished } from './handlers/on-offer-published';
import { onOfferRelisted } from './handlers/on-offer-relisted';
import { onOfferUpdated } from './handlers/on-offer-updated';
import { onOfferWithdrawn } from './handlers/on-offer-withdrawn';
import { onWatchdogChanged } from './handlers/on-watchdog-changed';

const EXPIRY_SWEEP_MS = 60_000;
/** The replay reads ~1 GB at a million watchdogs: 4 MB per partition a fetch rather than kafkajs's 1 MB. */
const REPLAY_FETCH_BYTES = 4 * 1_048_576;
/**
 * …but handed over a slice at a time: a whole fetch's parsed events (~10 MB) outlived the young
 * generation, and the collector copied and promoted them.
 */
const REPLAY_SLICE = 256;

/**
 * Replays every watchdog into memory, then matches offers. Each instance reads the whole watchdog
 * topic with a consumer group of its own (so it always starts from the beginning) and keeps its
 * shard; offers reach every shard through one consumer group per shard.
 */
export async function startMatcher({ bus, config, log, shutdown }: ServiceContext<MatcherConfig>) {
  const shard = { index: config.SHARD_INDEX, count: config.SHARD_COUNT };
  const registry = new WatchdogRegistry(shard, { loading: true });
  const progress = new ReplayProgress(await bus.endOffsets('watchdog.changed'));
  let ready = false;

  await bus.subscribe({
    group: `matcher.watchdog-replay.${randomUUID()}`,
    events: ['watchdog.changed'],
    fromBeginning: true,
    fetchBytesPerPartition: REPLAY_FETCH_BYTES,
    batchSize: REPLAY_SLICE,
    handleBatch: onWatchdogChanged(registry, () => (ready ? null : progress)),
  });

  let consuming = false;
  const startMatching = async () => {
    registry.finishLoading();
    ready = true;
    log.info({ watchdogs: registry.size, shard, stalled: progress.stalled }, 'watchdogs replayed; matching offers');
    const suffix = shard.count > 1 ? `.shard-${shard.index}-of-${shard.count}` : '';
    // Joined together: each join waits for the broker's first rebalance, and a group new to Kafka
    // starts at the end of its topic once joined (what comes before is not its to see).
    await Promise.all([
      bus.subscribe({ group: `matcher.on-offer-published${suffix}`, events: ['offer.published'], handle: onOfferPublished(bus, registry) }),
      bus.subscribe({ group: `matcher.on-offer-updated${suffix}`, events: ['offer.updated'], handle: onOfferUpdated(bus, registry) }),
      bus.subscribe({ group: `matcher.on-offer-relisted${suffix}`, events: ['offer.relisted'], handle: onOfferRelisted(bus, registry) }),
      bus.subscribe({ group: `matcher.on-offer-withdrawn${suffix}`, events: ['offer.withdrawn'], handle: onOfferWithdrawn(bus, registry) }),
    ]);
    consuming = true;
  };
  // The health endpoint says "not ready" until the replay is done; offers wait in Kafka meanwhile.
  const poll = setInterval(() => {
    if (!progress.caughtUp && !progress.stalled) return;
    clearInterval(poll);
    startMatching().catch((err: Error) => {
      log.fatal({ err }, 'could not subscribe to offers');
      void shutdown.run().then(() => process.exit(1));
    });
  }, 50);
  shutdown.add('replay-wait', () => clearInterval(poll));

  const sweep = setInterval(() => {
    const expired = registry.expire();
    if (expired > 0) log.info({ expired }, 'expired watchdogs dropped');
  }, EXPIRY_SWEEP_MS);
  shutdown.add('expiry-sweep', () => clearInterval(sweep));

  return {
    checks: {
      watchdogs: async () => (ready ? { ok: true } : { ok: false, detail: `replaying partitions ${progress.partitionsBehind.join(', ')}` }),
      offers: async () => (consuming ? { ok: true } : { ok: false, detail: 'joining the offer groups' }),
    },
    details: () => ({ ready, consuming, watchdogs: registry.size, shard }),
  };
}

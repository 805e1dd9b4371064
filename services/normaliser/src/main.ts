import { getGazetteer } from '@rr/gazetteer';
import { listen, runService, type ServiceDefinition } from '@rr/kit';
import { NormaliserConfig } from './config';
import { StateCache } from './domain/state-cache';
import { createListingsHandler, publisherOf } from './handlers/on-listings.handler';
import { OutboxRelay } from './handlers/outbox-relay';
import { createOffersApi } from './http/offers-api';
import { JournalRepository } from './repositories/journal.repository';

export const normaliserService: ServiceDefinition<typeof NormaliserConfig> = {
  name: 'normaliser',
  configSchema: NormaliserConfig,
  database: true,
  async start({ config, log, bus, db, shutdown }) {
    const started = Date.now();
    const gazetteer = getGazetteer();
    log.info({ ms: Date.now() - started, municipalities: gazetteer.list('municipality').length }, 'gazetteer loaded');
    const journal = new JournalRepository(db!);
    const loaded = await journal.load();
    const cache = new StateCache();
    cache.reset(loaded.offers.values(), loaded.listings.values());
    log.info({ ...cache.counts, seq: loaded.seq, unpublished: loaded.unpublished.length, ms: Date.now() - started }, 'state loaded');

    // Events of batches journaled before a crash go out first, before anything new is decided.
    const relay = new OutboxRelay({ publish: publisherOf(bus), markPublished: (seq) => journal.markPublished(seq), log, retryMs: config.NORMALISER_OUTBOX_RETRY_MS });
    for (const b of loaded.unpublished) relay.add(b.seq, b.events);
    if (loaded.unpublished.length > 0) await relay.flush();
    relay.start();
    shutdown.add('outbox-relay', () => relay.stop());

    const handler = createListingsHandler({
      log, gazetteer, cache, journal, relay,
      seq: loaded.seq, journalBytes: loaded.journalBytes, snapshotBytes: loaded.snapshotBytes,
      compactMinBytes: config.NORMALISER_COMPACT_MIN_MB * 1024 * 1024, maxBacklog: 8,
    });
    await bus.subscribe({
      group: 'normaliser.on-listings',
      events: ['listing.fetched', 'listing.withdrawn'],
      fromBeginning: config.NORMALISER_FROM_BEGINNING,
      handleBatch: handler.handleBatch,
    });

    const api = await listen(createOffersApi(cache, log), { host: config.BIND_HOST, port: config.OFFERS_API_PORT }, 'offers API');
    shutdown.add('offers-api', api.close);
    log.info({ port: api.port }, 'offers API listening');

    return {
      details: () => ({
        offersApiPort: api.port, cached: cache.counts, ...handler.counters,
        outbox: { backlog: relay.backlog, published: relay.published, failures: relay.failures },
      }),
    };
  },
};

if (require.main === module) {
  void runService(normaliserService).catch((err) => {
    // The logger may not exist yet (bad configuration): this is the one place stderr is written directly.
    process.stderr.write(`normaliser failed to start: ${(err as Error).message}\n`);
    process.exit(1);
  });
}

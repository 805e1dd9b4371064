import { getGazetteer } from '@rr/gazetteer';
import { listen, runService, type ServiceDefinition } from '@rr/kit';
import { PRAGUE } from '@rr/proto';
import { NormaliserConfig } from './config';
import { createListingsHandler } from './handlers/on-listings.handler';
import { OutboxRelay, offerEventPublisher } from './journal/outbox-relay';
import { createOffersApi } from './http/offers-api';
import { JournalRepository } from './repositories/journal.repository';
import { OfferStore } from './repositories/offer-store';

export const normaliserService: ServiceDefinition<typeof NormaliserConfig> = {
  name: 'normaliser',
  configSchema: NormaliserConfig,
  database: true,
  async start({ config, log, bus, db, shutdown }) {
    const started = Date.now();
    const gazetteer = getGazetteer();
    log.info({ ms: Date.now() - started, municipalities: gazetteer.list('municipality').length }, 'gazetteer loaded');
    const journal = new JournalRepository(db!);
    const store = new OfferStore(db!);
    await Promise.all([journal.init(), store.init()]);
    const marks = await journal.readMarks();
    if (marks.projected < 0) {
      marks.projected = await journal.migrateSnapshot((state) => store.apply(state));
      log.info({ seq: marks.projected }, 'journal snapshot projected into the offer and listing collections');
    }

    // What was journaled but not projected (a crash in between) is projected before anything new.
    let seq = marks.head;
    let projected = 0;
    for await (const b of journal.batchesAfter(marks.projected)) {
      await store.apply(b.batch, b.seq);
      await journal.markProjected(b.seq);
      seq = Math.max(seq, b.seq);
      projected++;
    }

    // Events of batches journaled before a crash go out first, before anything new is decided.
    // A batch is projected before its events are queued, so once they are out it is history.
    const markPublished = async (upTo: number) => {
      await journal.markPublished(upTo);
      await journal.deleteThrough(upTo);
    };
    const relay = new OutboxRelay({ publish: offerEventPublisher(bus), markPublished, log, retryMs: config.NORMALISER_OUTBOX_RETRY_MS });
    for await (const b of journal.batchesAfter(marks.published)) relay.add(b.seq, b.batch.events);
    const unpublished = relay.backlog;
    if (unpublished > 0) await relay.flush();
    relay.start();
    shutdown.add('outbox-relay', () => relay.stop());
    log.info({ seq, projected, unpublished, ms: Date.now() - started }, 'journal caught up');

    const handler = createListingsHandler({ log, gazetteer, store, journal, relay, seq, maxBacklog: 8, comebackMinMs: config.COMEBACK_MIN_SECONDS * 1_000 });
    await bus.subscribe({
      group: 'normaliser.on-listings',
      events: ['listing.fetched', 'listing.withdrawn'],
      fromBeginning: config.NORMALISER_FROM_BEGINNING,
      handleBatch: handler.handleBatch,
    });

    const api = await listen(createOffersApi(store, log, { jwtSecret: config.JWT_SECRET, projectedSeq: () => journal.projectedSeq(), gazetteer }), { host: config.BIND_HOST, port: config.OFFERS_API_PORT }, 'offers API');
    shutdown.add('offers-api', api.close);
    log.info({ port: api.port }, 'offers API listening');
    // The municipalities' reach (radius searches) is worked out once now, not in the first search.
    setTimeout(() => gazetteer.reachKm(PRAGUE.municipalityCode), 0).unref();

    return {
      details: () => ({
        offersApiPort: api.port, seq: handler.seq(), ...handler.counters,
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

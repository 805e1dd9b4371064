import type { AddressInfo } from 'node:net';
import { getGazetteer } from '@rr/gazetteer';
import { runService, type ServiceDefinition } from '@rr/kit';
import { NormaliserConfig } from './config';
import { StateCache } from './domain/state-cache';
import { createListingsHandler, publisherOf } from './handlers/on-listings.handler';
import { createOffersApi } from './http/offers-api';
import { ListingRepository } from './repositories/listing.repository';
import { OfferRepository } from './repositories/offer.repository';
import { StateWriter } from './repositories/state-writer';

export const normaliserService: ServiceDefinition<typeof NormaliserConfig> = {
  name: 'normaliser',
  configSchema: NormaliserConfig,
  database: true,
  async start({ config, log, bus, db, shutdown }) {
    const started = Date.now();
    const gazetteer = getGazetteer();
    log.info({ ms: Date.now() - started, municipalities: gazetteer.list('municipality').length }, 'gazetteer loaded');
    const listings = new ListingRepository(db!);
    const offers = new OfferRepository(db!);
    const writer = new StateWriter(db!);
    await Promise.all([listings.init(), offers.init()]);
    const cache = new StateCache();
    for await (const page of offers.all()) for (const o of page) cache.putOffer(o);
    for await (const page of listings.all()) for (const r of page) cache.putListing(r);
    log.info({ ...cache.counts, ms: Date.now() - started }, 'state loaded');

    const handler = createListingsHandler({ log, gazetteer, cache, writer, publish: publisherOf(bus) });
    await bus.subscribe({
      group: 'normaliser.on-listings',
      events: ['listing.fetched', 'listing.withdrawn'],
      fromBeginning: config.NORMALISER_FROM_BEGINNING,
      handleBatch: handler.handleBatch,
    });

    const api = createOffersApi(offers, log);
    const server = await new Promise<import('node:http').Server>((resolve) => {
      const s = api.listen(config.OFFERS_API_PORT, '127.0.0.1', () => resolve(s));
    });
    shutdown.add('offers-api', () => new Promise((resolve) => server.close(() => resolve(undefined))));
    log.info({ port: (server.address() as AddressInfo).port }, 'offers API listening');

    return {
      details: () => ({ offersApiPort: (server.address() as AddressInfo).port, cached: cache.counts, ...handler.counters }),
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

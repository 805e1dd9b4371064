import { runService } from '@rr/kit';
import { ADAPTERS } from './adapters';
import { startCrawler } from './app';
import { CrawlerConfig } from './config';

void runService({
  name: 'crawler',
  configSchema: CrawlerConfig,
  database: true,
  start: async (ctx) => {
    const crawler = await startCrawler(ctx, { adapters: ADAPTERS });
    return { details: crawler.details };
  },
}).catch((err: Error) => {
  // The logger may not exist yet (bad configuration); stderr is the only place left.
  process.stderr.write(`crawler failed to start: ${err.message}\n`);
  process.exit(1);
});

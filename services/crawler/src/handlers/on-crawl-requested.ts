import type { Envelope, CrawlRequestedV1 } from '@rr/proto';
import type { HandlerContext, HandlerResult } from '@rr/kit';
import type { CrawlScheduler } from '../schedule/crawl-scheduler';

/** Group `crawler.on-crawl-requested`: the partitions it is given are the portals this instance crawls. */
export const CRAWL_REQUESTED_GROUP = 'crawler.on-crawl-requested';

export const onCrawlRequested =
  (scheduler: CrawlScheduler) =>
  async (event: Envelope<CrawlRequestedV1>, ctx: HandlerContext): Promise<HandlerResult> => {
    const result = scheduler.accept(event.data.portal, new Date(event.data.requestedAt));
    ctx.log.debug({ portal: event.data.portal, requestedAt: event.data.requestedAt, result }, 'crawl tick');
    return result;
  };

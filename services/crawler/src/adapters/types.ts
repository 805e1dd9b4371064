import type { Portal, RawListingInput } from '@rr/proto';

/** An HTTP answer as adapters see it; the crawler's client adds politeness, retries and conditional requests. */
export type HttpResponse = { status: number; headers: Record<string, string>; body: string; url: string };

export type RequestOptions = { headers?: Record<string, string>; body?: string; method?: 'GET' | 'POST' };

/**
 * What the crawler lends an adapter: polite HTTP (rate limit, backoff, robots.txt) and, for
 * portals whose listing page is built by JavaScript, a page rendered in the machine's Chromium.
 */
export type PortalClient = {
  request(url: string, options?: RequestOptions): Promise<HttpResponse>;
  render(url: string): Promise<string>;
};

/** A listing as the portal's list page shows it. */
export type ListingRef = {
  listingId: string;
  url: string;
  /** Changes when the listing changes (price text, edit date…); a changed one is fetched again. */
  fingerprint: string;
  /** Promoted ("topped", TOP) items stand at the head of page 1 whatever their age. */
  promoted: boolean;
  /**
   * Who publishes, where the list card says it and the detail does not (Reality.cz): true private,
   * false an agency; absent or null when the card does not tell. The detail's own fact wins.
   */
  privateSeller?: boolean | null;
};

export type ListPage = { refs: ListingRef[]; hasMore: boolean };

export type DetailResult =
  | { kind: 'listing'; listing: RawListingInput }
  | { kind: 'gone' };

/**
 * One portal's format. Parsing is pure (`parse*` functions beside the adapter, tested on
 * fixtures); the adapter only builds URLs and calls them. Base URLs come from configuration, so
 * the same adapter talks to the real portal or to the simulator.
 */
export type PortalAdapter = {
  portal: Portal;
  /** The adapter calls `client.render`: the crawler starts the browser with the service, not on the first crawl. */
  rendersPages?: boolean;
  /** Page `page` (0-based) of the newest listings. */
  listPage(client: PortalClient, baseUrl: string, page: number): Promise<ListPage>;
  fetchDetail(client: PortalClient, baseUrl: string, ref: ListingRef): Promise<DetailResult>;
};

/** A page that did not parse: the crawler records it and carries on. */
export class ParseError extends Error {
  override name = 'ParseError';
  constructor(readonly portal: Portal, readonly url: string, reason: string) {
    super(`${portal}: cannot parse ${url}: ${reason}`);
  }
}

import type { Portal } from '@rr/proto';
import type { DetailResult, ListPage, ListingRef, PortalAdapter } from '../types';
import { PortalStatusError, assertOk, joinUrl } from './http';

export type HtmlPortal = {
  portal: Portal;
  /** The path of list page `page` (0-based) below the base URL. */
  listPath(page: number): string;
  parseListPage(html: string, pageUrl: string): ListPage;
  parseDetail(html: string, url: string): DetailResult;
  /**
   * A list page built by JavaScript: rendered in the crawler's headless Chromium (no status code
   * there), `unavailable` tells the site's maintenance page from a list.
   */
  rendered?: { unavailable(html: string): boolean };
};

/**
 * The adapter of a portal that serves plain HTML pages: a list walked page by page (a page past
 * the end answers 404, which ends the walk) and a detail page per listing that answers 404 or 410
 * once the offer is withdrawn. Only the URLs and the parsing differ between such portals.
 */
export function htmlPortalAdapter(spec: HtmlPortal): PortalAdapter {
  const { portal } = spec;
  return {
    portal,
    rendersPages: spec.rendered ? true : undefined,

    async listPage(client, baseUrl, page) {
      const url = joinUrl(baseUrl, spec.listPath(page));
      if (spec.rendered) {
        const html = await client.render(url);
        if (spec.rendered.unavailable(html)) throw new PortalStatusError(portal, url, 503);
        return spec.parseListPage(html, url);
      }
      const response = await client.request(url);
      if (response.status === 404 && page > 0) return { refs: [], hasMore: false };
      assertOk(portal, response);
      return spec.parseListPage(response.body, response.url || url);
    },

    async fetchDetail(client, _baseUrl, ref) {
      const response = await client.request(ref.url);
      if (response.status === 404 || response.status === 410) return { kind: 'gone' };
      assertOk(portal, response);
      return withCardFacts(spec.parseDetail(response.body, response.url || ref.url), ref);
    },
  };
}

/** The seller the list card told, for a detail page that does not tell it (docs/decisions.md, "Seller"). */
export function withCardFacts(result: DetailResult, ref: ListingRef): DetailResult {
  if (result.kind !== 'listing' || ref.privateSeller == null || result.listing.privateSeller != null) return result;
  return { kind: 'listing', listing: { ...result.listing, privateSeller: ref.privateSeller } };
}

import { assertOk } from '../czech-html/http';
import type { PortalAdapter } from '../types';
import { detailUrl, findBody, findUrl, parseDetail, parseFindPage, parseSitemapPage, sitemapUrl } from './parse';

/**
 * UlovDomov: v1 `offer/find` with `sorting=latest` over the whole country's bounds lists newest
 * first; v2 `offer/detail` reads one offer. v1 has answered 500 from datacenter addresses (2026),
 * so on a 5xx the list falls back to `sitemap-offers.xml`, newest by highest id. Base URL:
 * `https://ud.api.ulovdomov.cz` in production (the sitemap is on `www.`), `http://localhost:8090/ulovdomov`
 * against the simulator.
 */
export const ulovdomovAdapter: PortalAdapter = {
  portal: 'ulovdomov',

  async listPage(client, baseUrl, page) {
    const url = findUrl(baseUrl, page);
    const fromSitemap = async () => {
      const sitemap = await client.request(sitemapUrl(baseUrl));
      assertOk('ulovdomov', sitemap);
      return parseSitemapPage(sitemap.body, sitemapUrl(baseUrl), page);
    };
    let response;
    try {
      response = await client.request(url, {
        method: 'POST',
        body: findBody(),
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      });
    } catch (err) {
      // The polite client gives up on a persistent 5xx with an error carrying the status.
      if (((err as { status?: number | null }).status ?? 0) >= 500) return fromSitemap();
      throw err;
    }
    if (response.status >= 500) return fromSitemap();
    assertOk('ulovdomov', response);
    return parseFindPage(response.body, url, baseUrl);
  },

  async fetchDetail(client, baseUrl, ref) {
    const url = detailUrl(baseUrl, ref.listingId);
    const response = await client.request(url, { headers: { Accept: 'application/json' } });
    if (response.status !== 404 && response.status !== 410) assertOk('ulovdomov', response);
    return parseDetail(response.status, response.body, url, baseUrl);
  },
};

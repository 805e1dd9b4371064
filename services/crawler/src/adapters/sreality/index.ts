import { assertOk } from '../czech-html/http';
import type { PortalAdapter } from '../types';
import { detailApiUrl, parseDetail, parseSearchPage, searchUrl } from './parse';

/**
 * Sreality through its JSON API v1. The search ignores every sort parameter and heads page 0
 * with promoted listings, so the crawler finds new ones by walking pages until a page holds only
 * known ids; past offset 10 000 the API answers 422, which ends the walk. Base URL:
 * `https://www.sreality.cz` in production, `http://localhost:8090/sreality` against the simulator.
 */
export const srealityAdapter: PortalAdapter = {
  portal: 'sreality',

  async listPage(client, baseUrl, page) {
    const url = searchUrl(baseUrl, page);
    const response = await client.request(url, { headers: { Accept: 'application/json' } });
    if (response.status === 422) return { refs: [], hasMore: false };
    assertOk('sreality', response);
    return parseSearchPage(response.body, url, baseUrl);
  },

  async fetchDetail(client, baseUrl, ref) {
    const url = detailApiUrl(baseUrl, ref.listingId);
    const response = await client.request(url, { headers: { Accept: 'application/json' } });
    if (response.status !== 200 && response.status !== 404 && response.status !== 410) assertOk('sreality', response);
    return parseDetail(response.status, response.body, url, baseUrl);
  },
};

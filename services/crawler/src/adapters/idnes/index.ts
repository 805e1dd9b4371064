import type { PortalAdapter } from '../types';
import { assertOk, joinUrl } from '../czech-html/http';
import { parseDetail, parseListPage } from './parse';

/**
 * iDNES Reality. The list is the site-wide search `/s/` (every offer type and category, newest
 * first by the site's default order), 0-based `?page=N`, 25 a page; a page past the end answers
 * 404 (after a 302), which ends the walk. Base URL: `https://reality.idnes.cz` in production,
 * `http://localhost:8090/idnes` against the simulator.
 */
export const idnesAdapter: PortalAdapter = {
  portal: 'idnes',

  async listPage(client, baseUrl, page) {
    const url = joinUrl(baseUrl, page === 0 ? 's/' : `s/?page=${page}`);
    const response = await client.request(url);
    if (response.status === 404 && page > 0) return { refs: [], hasMore: false };
    assertOk('idnes', response);
    return parseListPage(response.body, response.url || url);
  },

  async fetchDetail(client, _baseUrl, ref) {
    const response = await client.request(ref.url);
    if (response.status === 404 || response.status === 410) return { kind: 'gone' };
    assertOk('idnes', response);
    return parseDetail(response.body, response.url || ref.url);
  },
};

import type { PortalAdapter } from '../types';
import { assertOk, joinUrl } from '../czech-html/http';
import { parseDetail, parseListPage } from './parse';

/**
 * RealityMix. The list is `/reality` (every kind and offer type, newest first), 20 a page,
 * `?stranka=N` from page 2 on; the per-kind lists `/reality/{byty|domy|…}/{prodej|pronajem}` share
 * the format. A withdrawn offer answers 410 (or 404). robots.txt allows everything.
 * Base URL: `https://realitymix.cz` in production, `http://localhost:8090/realitymix` here.
 */
export const realitymixAdapter: PortalAdapter = {
  portal: 'realitymix',

  async listPage(client, baseUrl, page) {
    const url = joinUrl(baseUrl, page === 0 ? 'reality' : `reality?stranka=${page + 1}`);
    const response = await client.request(url);
    if (response.status === 404 && page > 0) return { refs: [], hasMore: false };
    assertOk('realitymix', response);
    return parseListPage(response.body, response.url || url);
  },

  async fetchDetail(client, _baseUrl, ref) {
    const response = await client.request(ref.url);
    if (response.status === 404 || response.status === 410) return { kind: 'gone' };
    assertOk('realitymix', response);
    return parseDetail(response.body, response.url || ref.url);
  },
};

import type { PortalAdapter } from '../types';
import { PortalStatusError, assertOk, joinUrl } from '../czech-html/http';
import { MAINTENANCE, parseDetail, parseListPage } from './parse';

/**
 * Reality.cz. The list is `/reality/Ceska-republika/?s=2` (every offer type and kind in the whole
 * country, `s=2` = newest first), 25 a page, later pages `&g=1-{page}-0` (1-based page; the site
 * puts the total last and ignores it on input). The listing page is built by JavaScript, so it is
 * fetched with `client.render` (the crawler's headless Chromium); details are plain HTML.
 * Base URL: `https://www.reality.cz` in production, `http://localhost:8090/realitycz` here.
 */
export const realityczAdapter: PortalAdapter = {
  portal: 'realitycz',
  rendersPages: true,

  async listPage(client, baseUrl, page) {
    const url = joinUrl(baseUrl, `reality/Ceska-republika/?s=2${page === 0 ? '' : `&g=1-${page + 1}-0`}`);
    const html = await client.render(url);
    if (MAINTENANCE.test(html) && !html.includes('xvypis')) throw new PortalStatusError('realitycz', url, 503);
    return parseListPage(html, url);
  },

  async fetchDetail(client, _baseUrl, ref) {
    const response = await client.request(ref.url);
    if (response.status === 404 || response.status === 410) return { kind: 'gone' };
    assertOk('realitycz', response);
    return parseDetail(response.body, response.url || ref.url);
  },
};

import type { PortalAdapter } from '../types';
import { assertOk, joinUrl } from '../czech-html/http';
import { parseDetail, parseListPage } from './parse';

const PAGE_SIZE = 20;

/**
 * Bazoš reality. The list is the section's front page `/` with the offset as a path segment
 * (`/20/`, `/40/`…), every category newest first with TOP ads pinned above page 1. robots.txt bans
 * the filter parameters, so the crawler walks this unfiltered list and filters on our side.
 * Base URL: `https://reality.bazos.cz` in production, `http://localhost:8090/bazos` here.
 */
export const bazosAdapter: PortalAdapter = {
  portal: 'bazos',

  async listPage(client, baseUrl, page) {
    const url = joinUrl(baseUrl, page === 0 ? '' : `${page * PAGE_SIZE}/`);
    const response = await client.request(url);
    if (response.status === 404 && page > 0) return { refs: [], hasMore: false };
    assertOk('bazos', response);
    return parseListPage(response.body, response.url || url);
  },

  async fetchDetail(client, _baseUrl, ref) {
    const response = await client.request(ref.url);
    if (response.status === 404 || response.status === 410) return { kind: 'gone' };
    assertOk('bazos', response);
    return parseDetail(response.body, response.url || ref.url);
  },
};

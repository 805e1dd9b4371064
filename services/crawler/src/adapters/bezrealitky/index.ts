import { assertOk } from '../czech-html/http';
import type { PortalAdapter, PortalClient } from '../types';
import { detailBody, graphqlUrl, listBody, parseDetailResponse, parseListResponse, publicBase } from './parse';

/**
 * Bezrealitky through its GraphQL API: `listAdverts(order: TIMEORDER_DESC)` pages newest first,
 * `advert(id)` is null once a listing is gone. The API answers 403 without Origin and Referer,
 * so both name the public site. Base URL: `https://api.bezrealitky.cz` in production,
 * `http://localhost:8090/bezrealitky` against the simulator.
 */
function post(client: PortalClient, baseUrl: string, body: string) {
  const site = publicBase(baseUrl);
  return client.request(graphqlUrl(baseUrl), {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', Origin: site, Referer: `${site}/` },
  });
}

export const bezrealitkyAdapter: PortalAdapter = {
  portal: 'bezrealitky',

  async listPage(client, baseUrl, page) {
    const response = await post(client, baseUrl, listBody(page));
    // A query the schema no longer knows answers 400 with GraphQL errors: a layout change, not an outage.
    if (response.status !== 400) assertOk('bezrealitky', response);
    return parseListResponse(response.body, graphqlUrl(baseUrl), baseUrl, page);
  },

  async fetchDetail(client, baseUrl, ref) {
    const response = await post(client, baseUrl, detailBody(ref.listingId));
    if (response.status !== 400) assertOk('bezrealitky', response);
    return parseDetailResponse(response.body, ref.url, baseUrl);
  },
};

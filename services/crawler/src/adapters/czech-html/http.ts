import type { Portal } from '@rr/proto';
import type { HttpResponse } from '../types';

/** An answer the adapter cannot use (5xx after the client's retries, 403…): worth trying again later. */
export class PortalStatusError extends Error {
  override name = 'PortalStatusError';
  readonly retriable = true;
  constructor(readonly portal: Portal, readonly url: string, readonly status: number) {
    super(`${portal}: ${url} answered HTTP ${status}`);
  }
}

export function assertOk(portal: Portal, response: HttpResponse): void {
  if (response.status < 200 || response.status >= 300) throw new PortalStatusError(portal, response.url, response.status);
}

/** Resolves a card's link against the page it came from (hrefs are absolute, root- or page-relative). */
export function resolveUrl(href: string, pageUrl: string): string {
  return new URL(href, pageUrl).toString();
}

/** Joins a configured base URL (with or without a trailing slash) and a path. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

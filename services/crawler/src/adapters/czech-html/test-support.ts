import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HttpResponse, PortalClient } from '../types';

/** Test support for the HTML adapters: fixtures and a canned client (tests only). */

export function fixture(dir: string, name: string): string {
  return readFileSync(join(dir, 'fixtures', name), 'utf8');
}

/** A client that answers from canned pages, for adapter tests on fixtures. */
export function cannedClient(pages: Record<string, Partial<HttpResponse> & { body: string }>, rendered: Record<string, string> = {}): PortalClient {
  return {
    async request(url) {
      const page = pages[url];
      if (!page) return { status: 404, headers: {}, body: 'Not found', url };
      return { status: 200, headers: {}, url, ...page };
    },
    async render(url) {
      const html = rendered[url];
      if (html === undefined) throw new Error(`no rendered page for ${url}`);
      return html;
    },
  };
}

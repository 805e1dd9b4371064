import type { HttpResponse } from '../adapters/types';

type Entry = { etag?: string; lastModified?: string; response: HttpResponse };

const MAX_BODY_CHARS = 1_000_000;

/**
 * Remembers validators (ETag, Last-Modified) of GET answers so the next request can be
 * conditional; a 304 then gives back the stored body. Least recently used entries go first.
 */
export class ConditionalCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxEntries = 500) {}

  headersFor(url: string): Record<string, string> {
    const entry = this.entries.get(url);
    if (!entry) return {};
    return {
      ...(entry.etag ? { 'if-none-match': entry.etag } : {}),
      ...(entry.lastModified ? { 'if-modified-since': entry.lastModified } : {}),
    };
  }

  remember(url: string, response: HttpResponse): void {
    const etag = response.headers['etag'];
    const lastModified = response.headers['last-modified'];
    if ((!etag && !lastModified) || response.body.length > MAX_BODY_CHARS) {
      this.entries.delete(url);
      return;
    }
    this.entries.delete(url);
    this.entries.set(url, { etag, lastModified, response });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** The stored answer for a 304, marked so callers can tell. */
  replay(url: string): HttpResponse | null {
    const entry = this.entries.get(url);
    if (!entry) return null;
    this.entries.delete(url);
    this.entries.set(url, entry);
    return { ...entry.response, headers: { ...entry.response.headers, 'x-rr-not-modified': '1' } };
  }
}

import type { HttpResponse, ListingRef, PortalClient } from '../types';
import { htmlPortalAdapter } from './html-adapter';

const ref: ListingRef = { listingId: '1', url: 'http://portal/detail/1', fingerprint: 'f', promoted: false };

/** A client answering each URL with a fixed status and body; records what was asked. */
function clientOf(answers: Record<string, [number, string]>, rendered = ''): PortalClient & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async request(url): Promise<HttpResponse> {
      asked.push(url);
      const [status, body] = answers[url] ?? [404, ''];
      return { status, headers: {}, body, url };
    },
    async render(url) {
      asked.push(`render ${url}`);
      return rendered;
    },
  };
}

const adapter = htmlPortalAdapter({
  portal: 'idnes',
  listPath: (page) => (page === 0 ? 's/' : `s/?page=${page}`),
  parseListPage: (html) => ({ refs: html ? [ref] : [], hasMore: html === 'more' }),
  parseDetail: (html) => (html ? { kind: 'listing', listing: { title: html } as never } : { kind: 'gone' }),
});

describe('an HTML portal adapter', () => {
  it('walks list pages by their paths under the configured base and ends on a 404 past the first', async () => {
    const client = clientOf({ 'http://portal/s/': [200, 'more'], 'http://portal/s/?page=1': [200, 'last'] });
    expect(await adapter.listPage(client, 'http://portal/', 0)).toEqual({ refs: [ref], hasMore: true });
    expect(await adapter.listPage(client, 'http://portal', 1)).toEqual({ refs: [ref], hasMore: false });
    expect(await adapter.listPage(client, 'http://portal', 2)).toEqual({ refs: [], hasMore: false });
    expect(client.asked).toEqual(['http://portal/s/', 'http://portal/s/?page=1', 'http://portal/s/?page=2']);
  });

  it('fails the walk, to be tried again, when the first page or a detail answers an error', async () => {
    const client = clientOf({ 'http://portal/s/': [503, ''], [ref.url]: [500, ''] });
    await expect(adapter.listPage(client, 'http://portal', 0)).rejects.toMatchObject({ name: 'PortalStatusError', status: 503 });
    await expect(adapter.fetchDetail(client, 'http://portal', ref)).rejects.toMatchObject({ status: 500 });
  });

  it('reads 404 and 410 on a detail as a withdrawn offer', async () => {
    expect(await adapter.fetchDetail(clientOf({ [ref.url]: [410, 'x'] }), 'http://portal', ref)).toEqual({ kind: 'gone' });
    expect(await adapter.fetchDetail(clientOf({}), 'http://portal', ref)).toEqual({ kind: 'gone' });
    expect(await adapter.fetchDetail(clientOf({ [ref.url]: [200, 'Byt 2+kk'] }), 'http://portal', ref)).toMatchObject({ kind: 'listing' });
  });

  it('renders a JavaScript list page in the browser and tells the maintenance page from a list', async () => {
    const rendered = htmlPortalAdapter({
      portal: 'realitycz',
      listPath: () => 'list',
      parseListPage: () => ({ refs: [ref], hasMore: false }),
      parseDetail: () => ({ kind: 'gone' }),
      rendered: { unavailable: (html) => html.includes('údržba') },
    });
    expect(rendered.rendersPages).toBe(true);
    expect(await rendered.listPage(clientOf({}, '<ul>…</ul>'), 'http://portal', 0)).toEqual({ refs: [ref], hasMore: false });
    await expect(rendered.listPage(clientOf({}, 'probíhá údržba'), 'http://portal', 0)).rejects.toMatchObject({ status: 503 });
  });
});

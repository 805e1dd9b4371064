import { API_DOCS_PAGES } from './docs-pages';
import { docsParamsOf, endpointPathOf, exampleQuery, TYPE_PAGES, type Operation } from './openapi';

describe('docs routes of the API\'s endpoints', () => {
  it('are the endpoints\' own paths, one or two segments, and the types section is never an endpoint', () => {
    expect(docsParamsOf('/report')).toEqual({ page: 'report' });
    expect(docsParamsOf('/history/list')).toEqual({ section: 'history', page: 'list' });
    for (const path of ['/report', '/real-estate', '/history/detail']) {
      const { section, page } = docsParamsOf(path);
      expect(endpointPathOf(section, page)).toBe(path);
    }
    expect(endpointPathOf('types', 'real-estate')).toBeNull();
    expect(endpointPathOf(undefined, undefined)).toBeNull();
  });

  it('give each endpoint an example request that the API answers', () => {
    const op = (operationId: string, example?: unknown): Operation => ({
      operationId, summary: '', responses: { '200': { description: '', content: { 'application/json': { schema: {}, example } } } },
    });
    expect(exampleQuery(op('realEstate'))).toBe('places=municipality%3A582786%3A10%2Cdistrict%3ACZ0643&dispositions=2%2Bkk');
    expect(exampleQuery(op('historyDetail', { data: { id: 'of_ab12' } }))).toBe('id=of_ab12');
    expect(exampleQuery(op('historyList'))).toBe('limit=20');
  });
});

describe('the docs pages of the spec', () => {
  it('have a type page for every types/… route the sitemap lists', () => {
    const types = API_DOCS_PAGES.filter((p) => p.startsWith('types/')).map((p) => p.slice('types/'.length));
    expect(types.sort()).toEqual(Object.keys(TYPE_PAGES).sort());
  });
});


import { API_DOCS_PAGES } from './docs-pages';
import { publicOpenApiDocument } from '../../../../../services/gateway/src/public-api/openapi-v1';
import { PARAMETER_TEXT_CS } from '../i18n';
import { docsParamsOf, endpointPathOf, exampleQuery, parameterText, TYPE_PAGES, type OpenApiDocument, type Operation } from './openapi';

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


describe('parameter descriptions in both locales', () => {
  const doc = publicOpenApiDocument() as unknown as OpenApiDocument;
  const realEstate = doc.paths['/real-estate'].get;
  const places = realEstate.parameters!.find((p) => p.name === 'places')!;

  it('word the places syntax with the API\'s own limits in English and in Czech', () => {
    expect(parameterText(undefined, realEstate, places)).toContain('municipality:582786:10');
    expect(parameterText(undefined, realEstate, places)).toMatch(/at most 50\b.*at most 20 places/);
    const cs = parameterText(PARAMETER_TEXT_CS, realEstate, places);
    expect(cs).toContain('nejvýše 50 km');
    expect(cs).toContain('Nejvýše 20 míst');
    expect(cs).not.toMatch(/\{\w+\}/);
    // The limits come from the parameter: another limit reads another number.
    expect(parameterText(PARAMETER_TEXT_CS, realEstate, { ...places, 'x-limits': { places: 5, radiusKm: 7 } })).toMatch(/nejvýše 7 km.*Nejvýše 5 míst/);
  });

  it('describe every parameter of every endpoint in English and in Czech', () => {
    for (const { get: op } of Object.values(doc.paths)) {
      for (const p of op.parameters ?? []) {
        const english = parameterText(undefined, op, p);
        const czech = parameterText(PARAMETER_TEXT_CS, op, p);
        expect([op.operationId, p.name, english.length > 0]).toEqual([op.operationId, p.name, true]);
        expect([op.operationId, p.name, czech !== english]).toEqual([op.operationId, p.name, true]);
      }
    }
  });

  it('give every example of places a Czech summary, and translate nothing the document does not have', () => {
    expect(Object.keys(places.examples!)).toEqual(expect.arrayContaining(['municipality', 'radius']));
    for (const name of Object.keys(places.examples!)) {
      expect(parameterText(PARAMETER_TEXT_CS, realEstate, places, name)).not.toBe(places.examples![name].summary);
    }
    expect(Object.values(places.examples!).some((e) => /:\d+(\.\d+)?(,|$)/.test(e.value) && /municipality:\d+:\d+/.test(e.value))).toBe(true);
    for (const key of Object.keys(PARAMETER_TEXT_CS)) {
      const [operationId, name, example] = key.split('.');
      const op = Object.values(doc.paths).find((p) => p.get.operationId === operationId)?.get;
      const param = op?.parameters?.find((p) => p.name === name);
      expect([key, param && (!example || param.examples?.[example])]).toEqual([key, expect.anything()]);
    }
  });
});

/** The parts of the public API's OpenAPI document the docs pages render. */
export type JsonSchema = { type?: string | string[]; enum?: unknown[]; description?: string; properties?: Record<string, JsonSchema>; items?: JsonSchema; $ref?: string; anyOf?: JsonSchema[]; minimum?: number; maximum?: number };
export type ParameterExample = { summary: string; value: string };
export type Parameter = {
  name: string; in: string; required: boolean; schema: JsonSchema; description?: string;
  /** OpenAPI's named examples of the value. */
  examples?: Record<string, ParameterExample>;
  /** Limits the description words (`{ places: 20, radiusKm: 50 }`), so a translation fills them in and cannot drift. */
  'x-limits'?: Record<string, number>;
};
export type Operation = { operationId: string; summary: string; parameters?: Parameter[]; responses: Record<string, { description: string; content?: { 'application/json': { schema: JsonSchema; example?: unknown } } }> };
export type OpenApiDocument = {
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  paths: Record<string, { get: Operation }>;
  components: { schemas: Record<string, JsonSchema> };
};

export async function loadOpenApi(): Promise<OpenApiDocument> {
  const res = await fetch('/api/v1/openapi.json', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`openapi.json: ${res.status}`);
  return (await res.json()) as OpenApiDocument;
}

/** Docs pages of types (`/docs/types/<name>`) and the document's schema each describes. */
export const TYPE_PAGES: Record<string, string> = { contact: 'Contact', extended: 'Offer', geo: 'Place', 'real-estate': 'RealEstate', stats: 'ReportAnswer' };

/** The docs route of an endpoint is its API path (`/history/list` → `/docs/history/list`). */
export function docsParamsOf(path: string): { section?: string; page: string } {
  const [first, second] = path.replace(/^\//, '').split('/');
  return second ? { section: first, page: second } : { page: first };
}

/** The endpoint a docs route shows (not the type pages). */
export function endpointPathOf(section: string | undefined, page: string | undefined): string | null {
  if (!page || section === 'types') return null;
  return `/${section ? `${section}/` : ''}${page}`;
}

/** A readable type of a schema: `string`, `integer 1–24`, `Sale | Rent`, `Apartment[]`. */
export function typeOf(s: JsonSchema): string {
  if (s.$ref) return s.$ref.split('/').pop()!;
  if (s.enum) return s.enum.map(String).join(' | ');
  if (s.anyOf) return s.anyOf.map(typeOf).join(' | ');
  if (s.type === 'array' && s.items) return `${typeOf(s.items)}[]`;
  const type = Array.isArray(s.type) ? s.type.join(' | ') : s.type ?? 'object';
  const range = s.minimum !== undefined || s.maximum !== undefined ? ` ${s.minimum ?? ''}–${s.maximum ?? ''}` : '';
  return type + range;
}

/** The example request of an operation: Brno's 2+kk flats, or the offer of the response example. */
export function exampleQuery(op: Operation): string {
  switch (op.operationId) {
    case 'report': return 'placeKind=municipality&placeCode=582786&dispositions=2%2Bkk';
    case 'realEstate': return 'places=municipality%3A582786%3A10%2Cdistrict%3ACZ0643&dispositions=2%2Bkk';
    case 'autocomplete': return 'q=Brno';
    case 'historyList': return 'limit=20';
    case 'historyDetail': {
      const example = op.responses['200']?.content?.['application/json'].example as { data?: { id?: string } } | undefined;
      return `id=${encodeURIComponent(example?.data?.id ?? '')}`;
    }
    default: return '';
  }
}

/**
 * A parameter's description (or one named example's summary): the document's English, or the
 * translation keyed `<operationId>.<parameter>[.<example>]` with the parameter's `x-limits` filled
 * in, so a limit changed in the API changes the translated docs too.
 */
export function parameterText(translations: Record<string, string> | undefined, op: Operation, p: Parameter, example?: string): string {
  const english = example ? p.examples?.[example]?.summary ?? '' : p.description ?? p.schema.description ?? '';
  const translated = translations?.[[op.operationId, p.name, example].filter(Boolean).join('.')];
  return translated ? translated.replace(/\{(\w+)\}/g, (whole, name: string) => String(p['x-limits']?.[name] ?? whole)) : english;
}

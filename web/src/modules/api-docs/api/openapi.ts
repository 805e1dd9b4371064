/** The parts of the public API's OpenAPI document the docs pages render. */
export type JsonSchema = { type?: string | string[]; enum?: unknown[]; description?: string; properties?: Record<string, JsonSchema>; items?: JsonSchema; $ref?: string; anyOf?: JsonSchema[]; minimum?: number; maximum?: number };
export type Parameter = { name: string; in: string; required: boolean; schema: JsonSchema };
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
export const TYPE_PAGES: Record<string, string> = { stats: 'ReportAnswer', geo: 'Place' };

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

/** The example request of an operation: its required parameters, or the report's example place. */
export function exampleQuery(op: Operation): string {
  if (op.operationId === 'report') return 'placeKind=municipality&placeCode=582786&dispositions=2%2Bkk';
  if (op.operationId === 'autocomplete') return 'q=Brno';
  return '';
}

import { z } from 'zod';
import { WatchdogCriteria, WatchdogCriteriaFields, WHERE_REQUIRED } from '@rr/proto';
import { openApiDocument } from './document';
import { zodToJsonSchema } from './zod-to-json-schema';

describe('zod to JSON schema', () => {
  it('describes objects with required fields, checks, enums, nullables and defaults', () => {
    const schema = z.object({
      email: z.string().email().max(254),
      age: z.number().int().min(0),
      kind: z.enum(['a', 'b']),
      note: z.string().nullable(),
      flag: z.boolean().default(true),
      tags: z.array(z.string()).min(1),
      maybe: z.string().optional(),
    });
    expect(zodToJsonSchema(schema)).toEqual({
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email', maxLength: 254 },
        age: { type: 'integer', minimum: 0 },
        kind: { type: 'string', enum: ['a', 'b'] },
        note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        flag: { type: 'boolean', default: true },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
        maybe: { type: 'string' },
      },
      required: ['email', 'age', 'kind', 'note', 'tags'],
    });
  });

  it('turns unions of literals into an enum and refinements into their inner type', () => {
    expect(zodToJsonSchema(z.union([z.literal(1), z.literal(3)]))).toEqual({ enum: [1, 3] });
    expect(zodToJsonSchema(z.object({ from: z.number() }).refine(() => true))).toMatchObject({ type: 'object' });
  });

  it('documents the watchdog criteria with every field', () => {
    const out = zodToJsonSchema(WatchdogCriteria) as { properties: Record<string, unknown> };
    expect(Object.keys(out.properties)).toEqual(Object.keys(WatchdogCriteriaFields.shape));
  });

  it('documents that places or an area drawn on a map will do, not places alone', () => {
    const out = zodToJsonSchema(WatchdogCriteria) as { description: string; required?: string[]; properties: Record<string, { minItems?: number; description?: string }> };
    expect(out.properties.places.minItems).toBeUndefined();
    expect(out.required ?? []).not.toContain('places');
    expect(out.properties.places.description).toContain('unless `mapArea` is given');
    expect(out.description).toContain(WHERE_REQUIRED);
  });

  it('generates an OpenAPI document naming the spec calls', () => {
    const doc = openApiDocument() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths['/api/auth/register'])).toEqual(['post', 'patch']);
    expect(doc.paths['/api/user'].get).toBeDefined();
  });
});

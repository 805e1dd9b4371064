import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/**
 * Enough of zod → JSON Schema (OpenAPI 3.1 dialect) for the proto contracts: objects, strings with
 * their checks, numbers, booleans, enums, literals, unions, arrays, records, nullable, optional,
 * defaults and refinements (described by their inner type).
 */
export function zodToJsonSchema(schema: z.ZodTypeAny): JsonSchema {
  const def = schema._def as { typeName: z.ZodFirstPartyTypeKind; description?: string };
  const out = convert(schema);
  return def.description ? { ...out, description: def.description } : out;
}

function convert(schema: z.ZodTypeAny): JsonSchema {
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodTypeAny>;
    const required = Object.keys(shape).filter((k) => !shape[k].isOptional() && !(shape[k] instanceof z.ZodDefault));
    return {
      type: 'object',
      properties: Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, zodToJsonSchema(v)])),
      ...(required.length ? { required } : {}),
    };
  }
  if (schema instanceof z.ZodString) {
    const out: JsonSchema = { type: 'string' };
    for (const check of schema._def.checks) {
      if (check.kind === 'min') out.minLength = check.value;
      else if (check.kind === 'max') out.maxLength = check.value;
      else if (check.kind === 'email') out.format = 'email';
      else if (check.kind === 'url') out.format = 'uri';
      else if (check.kind === 'uuid') out.format = 'uuid';
      else if (check.kind === 'datetime') out.format = 'date-time';
      else if (check.kind === 'regex') out.pattern = check.regex.source;
    }
    return out;
  }
  if (schema instanceof z.ZodNumber) {
    const out: JsonSchema = { type: 'number' };
    for (const check of schema._def.checks) {
      if (check.kind === 'int') out.type = 'integer';
      else if (check.kind === 'min') out[check.inclusive ? 'minimum' : 'exclusiveMinimum'] = check.value;
      else if (check.kind === 'max') out[check.inclusive ? 'maximum' : 'exclusiveMaximum'] = check.value;
    }
    return out;
  }
  if (schema instanceof z.ZodBoolean) return { type: 'boolean' };
  if (schema instanceof z.ZodNull) return { type: 'null' };
  if (schema instanceof z.ZodEnum) return { type: 'string', enum: [...schema.options] };
  if (schema instanceof z.ZodNativeEnum) return { enum: Object.values(schema.enum) };
  if (schema instanceof z.ZodLiteral) return { const: schema.value };
  if (schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion) {
    const options = [...(schema.options as z.ZodTypeAny[])];
    if (options.every((o) => o instanceof z.ZodLiteral)) return { enum: options.map((o) => (o as z.ZodLiteral<unknown>).value) };
    return { anyOf: options.map(zodToJsonSchema) };
  }
  if (schema instanceof z.ZodArray) {
    const out: JsonSchema = { type: 'array', items: zodToJsonSchema(schema.element) };
    if (schema._def.minLength) out.minItems = schema._def.minLength.value;
    if (schema._def.maxLength) out.maxItems = schema._def.maxLength.value;
    return out;
  }
  if (schema instanceof z.ZodRecord) return { type: 'object', additionalProperties: zodToJsonSchema(schema.valueSchema) };
  if (schema instanceof z.ZodNullable) return { anyOf: [zodToJsonSchema(schema.unwrap()), { type: 'null' }] };
  if (schema instanceof z.ZodOptional) return zodToJsonSchema(schema.unwrap());
  if (schema instanceof z.ZodDefault) return { ...zodToJsonSchema(schema._def.innerType), default: schema._def.defaultValue() };
  if (schema instanceof z.ZodEffects) return zodToJsonSchema(schema.innerType());
  if (schema instanceof z.ZodLazy) return zodToJsonSchema(schema.schema);
  return {};
}

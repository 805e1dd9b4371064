/**
 * JSON kept in BSON binary data. FerretDB converts every nested field it stores or reads, and
 * escapes every quote of JSON kept in a string; binary data is base64 to it, several times
 * cheaper both ways. For bodies a service stores whole and never queries into.
 */
export const jsonBytes = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

/**
 * Back from `jsonBytes` as the driver returns it (a BSON Binary, or a Buffer), or from the forms
 * stored before: JSON in a string, or the value itself as a document.
 */
export function fromJsonBytes<T>(field: unknown): T {
  if (typeof field === 'string') return JSON.parse(field) as T;
  if (Buffer.isBuffer(field)) return JSON.parse(field.toString('utf8')) as T;
  if (isBinary(field)) return JSON.parse(Buffer.from(field.value()).toString('utf8')) as T;
  return field as T;
}

function isBinary(field: unknown): field is { value(): Uint8Array } {
  return typeof field === 'object' && field !== null && (field as { _bsontype?: string })._bsontype === 'Binary';
}

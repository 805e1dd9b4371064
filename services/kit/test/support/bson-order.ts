import mongoose from 'mongoose';

const { ObjectId } = mongoose.mongo;

/**
 * MongoDB's order of values for sorting (https://www.mongodb.com/docs/manual/reference/bson-type-comparison-order/):
 * null and missing, numbers, strings, documents, arrays, binary, ObjectId, booleans, dates.
 * Enough of it for the values the services store (arrays and documents are compared by their
 * JSON text, which the tests never rely on).
 */
function rank(v: unknown): number {
  if (v === null || v === undefined) return 1;
  if (typeof v === 'number' || typeof v === 'bigint') return 2;
  if (typeof v === 'string') return 3;
  if (v instanceof ObjectId) return 7;
  if (typeof v === 'boolean') return 8;
  if (v instanceof Date) return 9;
  if (Array.isArray(v)) return 5;
  return 4;
}

export function compareBson(x: unknown, y: unknown): number {
  const rx = rank(x);
  const ry = rank(y);
  if (rx !== ry) return rx - ry;
  switch (rx) {
    case 1:
      return 0;
    case 2:
      return Number(x) - Number(y);
    case 3:
      // Binary comparison of UTF-8 bytes, as MongoDB compares strings without a collation.
      return Buffer.compare(Buffer.from(x as string), Buffer.from(y as string));
    case 7:
      return Buffer.compare(Buffer.from((x as InstanceType<typeof ObjectId>).id), Buffer.from((y as InstanceType<typeof ObjectId>).id));
    case 8:
      return Number(x) - Number(y);
    case 9:
      return (x as Date).getTime() - (y as Date).getTime();
    default:
      return JSON.stringify(x).localeCompare(JSON.stringify(y));
  }
}

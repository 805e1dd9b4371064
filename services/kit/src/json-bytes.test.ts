import mongoose from 'mongoose';
import { fromJsonBytes, jsonBytes } from './json-bytes';

describe('JSON in binary data', () => {
  const value = { id: 'of_1', title: 'Byt 2+kk „u parku"', price: 5_500_000, images: ['a.jpg'], nested: { n: null } };

  it('comes back whole through BSON, as the driver returns binary data', () => {
    const { serialize, deserialize } = mongoose.mongo.BSON;
    const stored = deserialize(serialize({ body: jsonBytes(value) })).body;
    expect(fromJsonBytes(stored)).toEqual(value);
  });

  it('reads the forms stored before: JSON in a string, and the value as a document', () => {
    expect(fromJsonBytes(JSON.stringify(value))).toEqual(value);
    expect(fromJsonBytes(value)).toEqual(value);
    expect(fromJsonBytes(Buffer.from(JSON.stringify(value)))).toEqual(value);
  });
});

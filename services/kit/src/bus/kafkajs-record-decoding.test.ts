/**
 * kafkajs 2.2.4 decoded every record's headers by spreading the object built so far once per
 * header, and parsed its batch's first offset and timestamp from strings once per record: ~0.6 µs
 * of a ~3.3 µs record, a million times in the matcher's replay. `scripts/patches` decodes them
 * in place and once per batch (patch-package); this holds the installed copy to the patch and to
 * what kafkajs answered before it.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
const { RecordBatch } = require('kafkajs/src/protocol/recordBatch/v0') as { RecordBatch: (batch: object) => Promise<{ buffer: Buffer }> };
const Record = require('kafkajs/src/protocol/recordBatch/record/v0') as (record: object) => object;
const decodeBatch = require('kafkajs/src/protocol/recordBatch/v0/decoder') as (decoder: object) => Promise<{ records: DecodedRecord[] }>;
const Decoder = require('kafkajs/src/protocol/decoder') as new (buffer: Buffer) => object;
const Long = require('kafkajs/src/utils/long') as { fromValue(v: string | number): unknown; fromInt(v: number): unknown };

type DecodedRecord = { offset: string; timestamp: string; key: Buffer; value: Buffer; headers: Record<string, Buffer | Buffer[]>; batchContext: Record<string, unknown> };

async function decoded(records: Array<{ headers: Record<string, string | string[]> }>, firstOffset = '9007199254740000', firstTimestamp = 1_795_974_273_250) {
  const encoded = await RecordBatch({
    firstOffset: Long.fromValue(firstOffset), firstTimestamp, lastOffsetDelta: records.length - 1,
    records: records.map((r, i) => Record({ offsetDelta: i, timestampDelta: Long.fromInt(i * 7), key: Buffer.from(`k${i}`), value: Buffer.from(`v${i}`), headers: r.headers })),
  });
  return (await decodeBatch(new Decoder(encoded.buffer))).records;
}

const text = (headers: Record<string, Buffer | Buffer[]>) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]));

describe('kafkajs record decoding (patched)', () => {
  it('gives every record its own offset and timestamp past 2^53, from the batch parsed once', async () => {
    const records = await decoded([{ headers: {} }, { headers: {} }, { headers: {} }]);
    expect(records.map((r) => r.offset)).toEqual(['9007199254740000', '9007199254740001', '9007199254740002']);
    expect(records.map((r) => r.timestamp)).toEqual(['1795974273250', '1795974273257', '1795974273264']);
    expect(records[0].batchContext.firstOffsetLong).toBeDefined();
    expect(records.map((r) => String(r.value))).toEqual(['v0', 'v1', 'v2']);
  });

  it('decodes headers as before: one value a name, repeated names as arrays in order', async () => {
    const [record] = await decoded([{ headers: { 'rr-event-type': 'watchdog.changed', traceparent: ['00-a', '00-b', '00-c'], empty: '' } }]);
    expect(text(record.headers)).toEqual({ 'rr-event-type': 'watchdog.changed', traceparent: ['00-a', '00-b', '00-c'], empty: '' });
  });

  it('keeps a header named __proto__ as a header, not the object\'s prototype', async () => {
    const [record] = await decoded([{ headers: { a: '1' } }]);
    expect(Object.getPrototypeOf(record.headers)).toBe(Object.prototype);
    const [odd] = await decoded([{ headers: JSON.parse('{"__proto__":"x","b":"2"}') as Record<string, string> }]);
    expect(Object.getPrototypeOf(odd.headers)).toBe(Object.prototype);
    expect(Object.keys(odd.headers)).toEqual(['__proto__', 'b']);
  });
});

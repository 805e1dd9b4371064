import mongoose, { type Connection } from 'mongoose';
import type { Logger } from './logger';

/**
 * One connection per service to its own database. Only features that FerretDB (SQLite backend)
 * and MongoDB share are used across the project: no transactions, change streams or $near.
 */
export async function connectDatabase(
  baseUrl: string,
  dbName: string,
  log: Logger,
  options: { startTimeoutMs?: number } = {},
): Promise<Connection> {
  // Mongoose keeps the stack of every query's call site for one rare error ("Query was already
  // executed"); formatting it with source maps cost more than the query's own work.
  mongoose.set('skipOriginalStackTraces', true);
  // A query waits at most 5 s for the server, so an outage is reported quickly; starting waits
  // longer, because a database that is itself starting (or briefly saturated) is no reason to die.
  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  for (let attempt = 1; ; attempt++) {
    const connection = mongoose.createConnection(baseUrl, {
      dbName,
      serverSelectionTimeoutMS: 5_000,
      heartbeatFrequencyMS: 2_000,
      autoIndex: true,
    });
    try {
      await connection.asPromise();
    } catch (err) {
      await connection.close().catch(() => undefined);
      if (Date.now() >= deadline) throw err;
      log.warn({ dbName, attempt, err: (err as Error).message }, 'database not reachable yet; retrying');
      continue;
    }
    connection.on('disconnected', () => log.warn({ dbName }, 'database disconnected'));
    connection.on('reconnected', () => log.info({ dbName }, 'database reconnected'));
    return connection;
  }
}

export async function pingDatabase(connection: Connection, timeoutMs = 2_000): Promise<{ ok: boolean; detail?: string }> {
  try {
    if (!connection.db) return { ok: false, detail: 'not connected' };
    await Promise.race([
      connection.db.admin().command({ ping: 1 }),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`ping timed out after ${timeoutMs} ms`)), timeoutMs)),
    ]);
    return { ok: true };
  } catch (err) {
    return { ok: false, detail: (err as Error).message };
  }
}

/**
 * Documents of `collection` matching `query` (up to `limit` when given), by the `count` command.
 * `countDocuments` is an aggregation (`$match`, `$limit`, `$group`) that the embedded database
 * answers by decoding every row it counts, while `count` is one `SELECT COUNT(*)` over the index
 * (a region's first 10,000 offers: 700 → 20 ms; a person's watchdogs: half the service's CPU for
 * the count). MongoDB answers both alike (docs/decisions.md, "Offer lists count up to 10,000").
 */
export async function countMatching(connection: Connection, collection: string, query: object, limit?: number): Promise<number> {
  const answer = await connection.db!.command({ count: collection, query, ...(limit === undefined ? {} : { limit }) });
  return answer.n as number;
}

/**
 * FerretDB v1 (SQLite) as published never answers an update command carrying 100 or more
 * statements and then hangs for every client. Our build is patched (scripts/infra/ferretdb), and
 * bulk writes still go in chunks so that an unpatched server cannot be stalled by a service.
 */
export const BULK_CHUNK = 50;

const DUPLICATE_KEY = 11000;

/**
 * An unordered insert that answers which documents (by index) were refused for an `_id` or unique
 * key already there (a replay, another writer, a lost claim); any other failure throws.
 */
export async function insertRefusingDuplicates(collection: { insertMany(docs: never[], options: { ordered: false }): Promise<unknown> }, docs: readonly object[]): Promise<Set<number>> {
  if (docs.length === 0) return new Set();
  try {
    await collection.insertMany(docs as never[], { ordered: false });
    return new Set();
  } catch (err) {
    const writeErrors = (err as { writeErrors?: Array<{ index: number; code: number }> }).writeErrors;
    if (!writeErrors || writeErrors.some((w) => w.code !== DUPLICATE_KEY)) throw err;
    return new Set(writeErrors.map((w) => w.index));
  }
}

export async function bulkWriteInChunks<T>(
  model: { bulkWrite: (ops: T[], options: { ordered: boolean }) => Promise<unknown> },
  ops: T[],
  options: { ordered?: boolean; chunkSize?: number } = {},
): Promise<void> {
  const size = options.chunkSize ?? BULK_CHUNK;
  for (let i = 0; i < ops.length; i += size) {
    await model.bulkWrite(ops.slice(i, i + size), { ordered: options.ordered ?? false });
  }
}

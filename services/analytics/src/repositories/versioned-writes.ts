import { randomUUID } from 'node:crypto';
import { BULK_CHUNK, insertRefusingDuplicates } from '@rr/kit';
import type { Collection, Document } from 'mongodb';

/** A collection keyed by string `_id`s, as the driver sees it. */
export type DocsById = Collection<{ _id: string } & Document>;

const MAX_ATTEMPTS = 8;
const READ_CHUNK = 1_000;
const INSERT_CHUNK = 1_000;

/** A document written under the version protocol: `version` counts its writes, `writtenBy` names the call that wrote it last. */
export type VersionedDoc = { _id: string; version: number; writtenBy?: string };
/**
 * A document's write, planned from it as read (null: not there yet): null when it stays as it is
 * and answers nothing; `asIs` when it stays as it is but answers a result at its version (a
 * change it holds already).
 */
export type PlannedWrite<D, R> = (doc: D | null) => { set: Record<string, unknown>; onInsert: Record<string, unknown>; result: R } | { asIs: true; result: R } | null;
/** A document to write as read: `version` null when it was not there yet. */
type VersionedWrite = { _id: string; version: number | null; set: Record<string, unknown>; onInsert: Record<string, unknown> };

/**
 * Read-modify-write of many documents at once, correct beside other writers (another instance):
 * reads them in one query by `_id`, plans each write from the document read and writes them in bulk
 * (`writeVersioned`); a document another writer changed in between is read again and its write
 * planned again, up to MAX_ATTEMPTS times, after which it throws (the caller's batch is retried).
 * Answers each written document's result (and each `asIs` one's) with the version it now has.
 */
export async function changeVersioned<D extends VersionedDoc, R>(
  collection: DocsById,
  plans: ReadonlyMap<string, PlannedWrite<D, R>>,
  projection: Record<string, 1>,
  what: string,
): Promise<Array<{ result: R; version: number }>> {
  const written: Array<{ result: R; version: number }> = [];
  let todo = plans;
  for (let attempt = 0; attempt < MAX_ATTEMPTS && todo.size > 0; attempt++) {
    const stored = await readByIds<D>(collection, [...todo.keys()], projection);
    const writes: VersionedWrite[] = [];
    const results = new Map<string, { result: R; version: number }>();
    for (const [id, plan] of todo) {
      const doc = stored.get(id) ?? null;
      const planned = plan(doc);
      if (!planned) continue;
      if ('asIs' in planned) {
        written.push({ result: planned.result, version: doc?.version ?? 0 });
        continue;
      }
      writes.push({ _id: id, version: doc?.version ?? null, set: planned.set, onInsert: planned.onInsert });
      results.set(id, { result: planned.result, version: (doc?.version ?? 0) + 1 });
    }
    const lost = await writeVersioned(collection, writes);
    for (const [id, outcome] of results) if (!lost.has(id)) written.push(outcome);
    todo = new Map([...todo].filter(([id]) => lost.has(id)));
  }
  if (todo.size > 0) throw new Error(`${what} ${[...todo.keys()].slice(0, 3).join(', ')} kept changing under ${MAX_ATTEMPTS} attempts`);
  return written;
}

async function readByIds<D extends VersionedDoc>(collection: DocsById, ids: readonly string[], projection: Record<string, 1>): Promise<Map<string, D>> {
  const found = new Map<string, D>();
  for (let i = 0; i < ids.length; i += READ_CHUNK) {
    const docs = await collection.find({ _id: { $in: ids.slice(i, i + READ_CHUNK) } }, { projection: { ...projection, version: 1 } }).toArray();
    for (const d of docs) found.set(String(d._id), d as unknown as D);
  }
  return found;
}

/**
 * Writes documents read at some version unless another writer changed them since: new ones in one
 * insert, known ones in bulk updates on `{_id, version}` that set the next version. Answers the ids
 * that lost. A bulk update reports how many matched, not which (and our FerretDB build answers a
 * conditional upsert that meets an existing `_id` by stopping the whole bulk, so a refused upsert
 * cannot tell either): each call writes a token of its own beside the version (`writtenBy`), and
 * only when fewer matched than were sent are the documents read back to see which carry it.
 */
async function writeVersioned(collection: DocsById, writes: readonly VersionedWrite[]): Promise<Set<string>> {
  const token = randomUUID();
  const lost = new Set<string>();
  const fresh = writes.filter((w) => w.version === null);
  for (let i = 0; i < fresh.length; i += INSERT_CHUNK) {
    const docs = fresh.slice(i, i + INSERT_CHUNK).map((w) => ({ _id: w._id, ...w.onInsert, ...w.set, version: 1, writtenBy: token }));
    for (const index of await insertRefusingDuplicates(collection, docs)) lost.add(docs[index]._id);
  }
  const known = writes.filter((w) => w.version !== null);
  for (let i = 0; i < known.length; i += BULK_CHUNK) {
    const part = known.slice(i, i + BULK_CHUNK);
    const result = await collection.bulkWrite(
      part.map((w) => ({ updateOne: { filter: { _id: w._id, version: w.version }, update: { $set: { ...w.set, version: w.version! + 1, writtenBy: token } } } })),
      { ordered: false },
    );
    if (result.matchedCount === part.length) continue;
    const marks = await collection.find({ _id: { $in: part.map((w) => w._id) } }, { projection: { writtenBy: 1 } }).toArray();
    const ours = new Set(marks.filter((m) => m.writtenBy === token).map((m) => String(m._id)));
    for (const w of part) if (!ours.has(w._id)) lost.add(w._id);
  }
  return lost;
}

import type { Connection, Model } from 'mongoose';
import { bulkWriteInChunks } from '@rr/kit';
import { newId } from '../domain/tokens';
import { nameKeysOf, prefixRange, searchKey, type UserSearch } from '../domain/user-search';
import { userModel, type UserRecord } from './user.model';

export class UserRepository {
  private readonly model: Model<UserRecord>;

  constructor(db: Connection) {
    this.model = userModel(db);
  }

  /** Waits for the indexes (built in the background on a new database): the first lookups by e-mail use them. */
  init(): Promise<unknown> {
    return this.model.init();
  }

  findById(id: string): Promise<UserRecord | null> {
    return this.model.findById(id).lean<UserRecord>().exec();
  }

  findByEmail(email: string): Promise<UserRecord | null> {
    return this.model.findOne({ email }).lean<UserRecord>().exec();
  }

  findByTelephone(telephone: string): Promise<UserRecord | null> {
    return this.model.findOne({ telephone }).lean<UserRecord>().exec();
  }

  async create(fields: Partial<UserRecord> & Pick<UserRecord, 'email'>): Promise<UserRecord> {
    const now = new Date();
    const doc = await this.model.create({ _id: newId('u'), createdAt: now, updatedAt: now, ...fields, ...nameKeysOf(fields.name, fields.surname) });
    return doc.toObject() as UserRecord;
  }

  async update(id: string, fields: Partial<UserRecord>): Promise<UserRecord | null> {
    let keys = {};
    if ('name' in fields || 'surname' in fields) {
      const current = await this.findById(id);
      keys = nameKeysOf('name' in fields ? fields.name : current?.name, 'surname' in fields ? fields.surname : current?.surname);
    }
    return this.model.findByIdAndUpdate(id, { $set: { ...fields, ...keys, updatedAt: new Date() } }, { new: true }).lean<UserRecord>().exec();
  }

  async delete(id: string): Promise<void> {
    await this.model.deleteOne({ _id: id });
  }

  findRolesExpiredBy(at: Date): Promise<UserRecord[]> {
    return this.model.find({ roleExpiresAt: { $lte: at }, role: { $lt: 10000 } }).sort({ roleExpiresAt: 1 }).limit(500).lean<UserRecord[]>().exec();
  }

  /**
   * Admin search, every branch an indexed point or range query with a limit; the plain list pages
   * by e-mail (keyset: `after` is the last e-mail shown). Text looks at e-mail, name and surname
   * prefixes (three range queries) and merges them.
   */
  async search(search: UserSearch, after: string | null, limit: number): Promise<UserRecord[]> {
    const q = (filter: Record<string, unknown>, sort: Record<string, 1>) => this.model.find(filter).sort(sort).limit(limit).lean<UserRecord[]>().exec();
    switch (search.kind) {
      case 'id': return q({ _id: search.id }, { _id: 1 });
      case 'telephone': return q({ telephone: search.telephone }, { telephone: 1 });
      case 'all': return q(after ? { email: { $gt: after } } : {}, { email: 1 });
      case 'email': return q({ email: after ? { $gt: after, $lt: `${search.prefix}\uffff` } : prefixRange(search.prefix) }, { email: 1 });
      case 'text': {
        const key = searchKey(search.prefix) ?? search.prefix;
        const found = await Promise.all([
          q({ email: prefixRange(search.prefix) }, { email: 1 }),
          q({ nameKey: prefixRange(key) }, { nameKey: 1 }),
          q({ surnameKey: prefixRange(key) }, { surnameKey: 1 }),
        ]);
        const byId = new Map(found.flat().map((u) => [u._id, u]));
        return [...byId.values()].sort((a, b) => a.email.localeCompare(b.email)).slice(0, limit);
      }
    }
  }

  /**
   * Users saved before search keys existed get them, once: a walk over the whole collection in
   * `_id` order (keyset pages, each one indexed read), since "users without a key" has no index
   * (`$exists`) and asking it again per batch read the collection once per batch. A marker in
   * `migrations` keeps later starts from walking again.
   */
  async backfillSearchKeys(page = 1000): Promise<number> {
    const migrations = this.model.db.collection<{ _id: string; at: Date }>('migrations');
    if (await migrations.findOne({ _id: 'user-search-keys' })) return 0;
    let done = 0;
    // A new database has nobody to backfill: its metadata says so without reading a row.
    const empty = (await this.model.estimatedDocumentCount().exec()) === 0;
    for (let after = ''; !empty; ) {
      const rows = await this.model.find({ _id: { $gt: after } }, { name: 1, surname: 1, nameKey: 1 }).sort({ _id: 1 }).limit(page).lean<UserRecord[]>().exec();
      if (!rows.length) break;
      after = rows[rows.length - 1]._id;
      const missing = rows.filter((u) => u.nameKey === undefined);
      if (missing.length) await bulkWriteInChunks(this.model, missing.map((u) => ({ updateOne: { filter: { _id: u._id }, update: { $set: nameKeysOf(u.name, u.surname) } } })));
      done += missing.length;
    }
    await migrations.updateOne({ _id: 'user-search-keys' }, { $setOnInsert: { at: new Date() } }, { upsert: true });
    return done;
  }

  /** The collection's size from its metadata: the overview's user count without a scan. */
  estimatedCount(): Promise<number> {
    return this.model.estimatedDocumentCount().exec();
  }
}

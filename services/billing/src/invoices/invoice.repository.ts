import type { Connection, Model } from 'mongoose';
import { invoiceModel, invoiceNumber, type InvoiceRecord } from './invoice.model';

type Draft = Omit<InvoiceRecord, '_id' | 'seq' | 'year' | 'published'>;

const duplicateOf = (err: unknown): string | null => {
  const e = err as { code?: number; message?: string; keyPattern?: Record<string, unknown> };
  if (e.code !== 11000) return null;
  if (e.keyPattern) return Object.keys(e.keyPattern)[0] ?? null;
  return /sourceKey/.test(e.message ?? '') ? 'sourceKey' : '_id';
};

export class InvoiceRepository {
  readonly model: Model<InvoiceRecord>;

  constructor(db: Connection) {
    this.model = invoiceModel(db);
  }

  async init(): Promise<void> {
    await this.model.syncIndexes();
  }

  /**
   * Issues the document under the next free number of its series and year. The number is claimed
   * by the insert (unique `_id`); when another payment took it meanwhile, the next one is tried.
   * A document for the same source (unique `sourceKey`) is answered instead of a second one.
   */
  async issue(draft: Draft): Promise<InvoiceRecord> {
    const existing = await this.findBySource(draft.sourceKey);
    if (existing) return existing;
    const year = draft.issuedAt.getUTCFullYear();
    let seq = (await this.lastSeq(draft.series, year)) + 1;
    for (let attempt = 0; attempt < 10_000; attempt++) {
      try {
        const doc = await this.model.create({ ...draft, _id: invoiceNumber(draft.series, year, seq), year, seq, published: false });
        return doc.toObject() as InvoiceRecord;
      } catch (err) {
        const key = duplicateOf(err);
        if (key === 'sourceKey') return (await this.findBySource(draft.sourceKey))!;
        if (key !== '_id') throw err;
        // Someone claimed this number, or our view of the last one was stale: the source may have been issued meanwhile.
        const again = await this.findBySource(draft.sourceKey);
        if (again) return again;
        seq = Math.max(seq + 1, (await this.lastSeq(draft.series, year)) + 1);
      }
    }
    throw new Error(`no free number in ${draft.series}-${year} after 10,000 attempts`);
  }

  findById(id: string): Promise<InvoiceRecord | null> {
    return this.model.findById(id).lean<InvoiceRecord>().exec();
  }

  findBySource(sourceKey: string): Promise<InvoiceRecord | null> {
    return this.model.findOne({ sourceKey }).lean<InvoiceRecord>().exec();
  }

  listForUser(userId: string, limit = 100): Promise<InvoiceRecord[]> {
    return this.model.find({ userId }).sort({ issuedAt: -1 }).limit(limit).lean<InvoiceRecord[]>().exec();
  }

  unpublished(limit = 100): Promise<InvoiceRecord[]> {
    return this.model.find({ published: false }).limit(limit).lean<InvoiceRecord[]>().exec();
  }

  unmailed(limit = 100): Promise<InvoiceRecord[]> {
    return this.model.find({ mailed: false }).limit(limit).lean<InvoiceRecord[]>().exec();
  }

  markMailed(id: string): Promise<unknown> {
    return this.model.updateOne({ _id: id }, { $set: { mailed: true } }).exec();
  }

  markPublished(id: string): Promise<unknown> {
    return this.model.updateOne({ _id: id }, { $set: { published: true } }).exec();
  }

  private async lastSeq(series: string, year: number): Promise<number> {
    const last = await this.model.findOne({ series, year }).sort({ seq: -1 }).select({ seq: 1 }).lean<{ seq: number }>().exec();
    return last?.seq ?? 0;
  }
}

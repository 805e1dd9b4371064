import { Schema, type Connection, type Model } from 'mongoose';
import type { Locale } from '@rr/proto';
import type { LedgerEntryKind } from '../domain/ledger';

/** An advertiser: a user who accepted the advertising terms (the capability; the role stays the user's). */
export type AdvertiserRecord = { _id: string; email: string; locale: Locale; company: string; termsAcceptedAt: Date; createdAt: Date };

/** The credit totals, written only by the counting loop (hot fields apart from the profile). */
export type CreditAccountRecord = { _id: string; deposited: number; charged: number; balance: number; updatedAt: Date };

/**
 * The append-only credit ledger. `_id` says what an entry is for, so each is booked once:
 * `dep:<paymentId>`, `chg:<round>:<campaignId>` (net views of one counting round),
 * `wk:<campaignId>:<week>`.
 */
export type LedgerRecord = {
  _id: string;
  advertiserId: string;
  campaignId: string | null;
  kind: LedgerEntryKind;
  amount: number;
  views: number | null;
  /** Net views past the credit or the budget, shown without charge. */
  free: number;
  day: string | null;
  at: Date;
};

const advertiserSchema = new Schema<AdvertiserRecord>({ _id: String, email: String, locale: String, company: String, termsAcceptedAt: Date, createdAt: Date }, { versionKey: false });
const accountSchema = new Schema<CreditAccountRecord>({ _id: String, deposited: Number, charged: Number, balance: Number, updatedAt: Date }, { versionKey: false });
const ledgerSchema = new Schema<LedgerRecord>({
  _id: String, advertiserId: String, campaignId: { type: String, default: null }, kind: String, amount: Number,
  views: { type: Number, default: null }, free: { type: Number, default: 0 }, day: { type: String, default: null }, at: Date,
}, { versionKey: false });
// The advertiser's ledger page, newest first (and the sum that checks the balance).
ledgerSchema.index({ advertiserId: 1, at: -1 });
// A campaign's charges (its spend, rebuilt after a crash).
ledgerSchema.index({ campaignId: 1, at: 1 });

const isDuplicateKey = (err: unknown) => (err as { code?: number }).code === 11000;

export class CreditRepository {
  readonly advertisers: Model<AdvertiserRecord>;
  readonly accounts: Model<CreditAccountRecord>;
  readonly ledger: Model<LedgerRecord>;

  constructor(db: Connection) {
    this.advertisers = (db.models.Advertiser as Model<AdvertiserRecord>) ?? db.model<AdvertiserRecord>('Advertiser', advertiserSchema, 'advertisers');
    this.accounts = (db.models.CreditAccount as Model<CreditAccountRecord>) ?? db.model<CreditAccountRecord>('CreditAccount', accountSchema, 'credit_accounts');
    this.ledger = (db.models.LedgerEntry as Model<LedgerRecord>) ?? db.model<LedgerRecord>('LedgerEntry', ledgerSchema, 'credit_ledger');
  }

  async init(): Promise<void> {
    await Promise.all([this.advertisers.syncIndexes(), this.accounts.syncIndexes(), this.ledger.syncIndexes()]);
  }

  findAdvertiser(id: string): Promise<AdvertiserRecord | null> {
    return this.advertisers.findById(id).lean<AdvertiserRecord>().exec();
  }

  async saveAdvertiser(record: AdvertiserRecord): Promise<AdvertiserRecord> {
    await this.advertisers.updateOne({ _id: record._id }, { $set: { email: record.email, locale: record.locale, company: record.company, termsAcceptedAt: record.termsAcceptedAt }, $setOnInsert: { createdAt: record.createdAt } }, { upsert: true });
    return record;
  }

  findAccounts(ids: string[]): Promise<CreditAccountRecord[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.accounts.find({ _id: { $in: ids } }).lean<CreditAccountRecord[]>().exec();
  }

  async saveAccount(record: CreditAccountRecord): Promise<void> {
    await this.accounts.replaceOne({ _id: record._id }, record, { upsert: true });
  }

  /** Books an entry once: false when an entry of this id exists (already booked). */
  async book(entry: LedgerRecord): Promise<boolean> {
    try {
      await this.ledger.create(entry);
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  findEntry(id: string): Promise<LedgerRecord | null> {
    return this.ledger.findById(id).lean<LedgerRecord>().exec();
  }

  entriesOf(advertiserId: string, limit = 100): Promise<LedgerRecord[]> {
    return this.ledger.find({ advertiserId }).sort({ at: -1 }).limit(limit).lean<LedgerRecord[]>().exec();
  }

  /** Every entry of one advertiser, in pages by time: the balance check and the repair after a crash. */
  async *allEntriesOf(advertiserId: string, page = 1_000): AsyncGenerator<LedgerRecord> {
    let before: Date | null = null;
    let skipIds = new Set<string>();
    for (;;) {
      const filter: Record<string, unknown> = before ? { advertiserId, at: { $lte: before } } : { advertiserId };
      const batch = await this.ledger.find(filter).sort({ at: -1 }).limit(page + skipIds.size).lean<LedgerRecord[]>().exec();
      const fresh = batch.filter((e) => !skipIds.has(e._id));
      for (const e of fresh) yield e;
      if (batch.length < page + skipIds.size || fresh.length === 0) return;
      before = fresh[fresh.length - 1].at;
      skipIds = new Set(fresh.filter((e) => e.at.getTime() === before!.getTime()).map((e) => e._id));
    }
  }

  /** The charges booked to one campaign (its spend, after a crash). */
  async spentOn(campaignId: string): Promise<{ spent: number; weeks: number[] }> {
    let spent = 0;
    const weeks: number[] = [];
    for await (const e of this.ledger.find({ campaignId }).sort({ at: 1 }).lean<LedgerRecord[]>().cursor()) {
      spent += e.amount;
      if (e.kind === 'weekly') weeks.push(Number(e._id.split(':').pop()));
    }
    return { spent, weeks };
  }
}

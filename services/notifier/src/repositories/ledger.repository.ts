import type { Connection, Model } from 'mongoose';
import { ledgerModel, recipientModel, type LedgerEntry, type RecipientState } from './ledger.model';

export type NewEntry = Omit<LedgerEntry, 'status' | 'attempts' | 'batchId' | 'claimedAt' | 'sentAt' | 'reported' | 'provider' | 'messageId' | 'failure' | 'createdAt'>;

const isDuplicateKey = (err: unknown) => (err as { code?: number }).code === 11000 || /E11000|duplicate key/i.test(String((err as Error).message));

/** The alert ledger and recipient states: the notifier's durable queue and its memory of what went out. */
export class LedgerRepository {
  private readonly entries: Model<LedgerEntry>;
  private readonly recipients: Model<RecipientState>;

  constructor(connection: Connection) {
    this.entries = ledgerModel(connection);
    this.recipients = recipientModel(connection);
  }

  async init(): Promise<void> {
    await Promise.all([this.entries.init(), this.recipients.init()]);
  }

  /** 'duplicate' when this person already has (or had) an alert about this property. */
  async insertPending(entry: NewEntry, now: Date): Promise<'inserted' | 'duplicate'> {
    try {
      await this.entries.create({
        ...entry, status: 'pending', attempts: 0, batchId: null, claimedAt: null, sentAt: null, reported: false,
        provider: null, messageId: null, failure: null, createdAt: now,
      });
      return 'inserted';
    } catch (err) {
      if (isDuplicateKey(err)) return 'duplicate';
      throw err;
    }
  }

  findById(id: string): Promise<LedgerEntry | null> {
    return this.entries.findById(id).lean<LedgerEntry>().exec();
  }

  /** Claims up to `max` due entries of one person for one e-mail; an entry another sender took is skipped. */
  async claimDue(email: string, now: Date, max: number, batchId: string): Promise<LedgerEntry[]> {
    const due = await this.entries.find({ email, status: 'pending', dueAt: { $lte: now } }, { _id: 1 }).sort({ createdAt: 1 }).limit(max).lean().exec();
    if (due.length === 0) return [];
    await this.entries.updateMany({ _id: { $in: due.map((d) => d._id) }, status: 'pending' }, { $set: { status: 'claimed', batchId, claimedAt: now } }).exec();
    return this.entries.find({ batchId, status: 'claimed' }).sort({ createdAt: 1 }).lean<LedgerEntry[]>().exec();
  }

  /** Later matches for the person wait for the next window. */
  async deferPending(email: string, until: Date): Promise<void> {
    await this.entries.updateMany({ email, status: 'pending', dueAt: { $lt: until } }, { $set: { dueAt: until } }).exec();
  }

  async markSent(batchId: string, sent: { sentAt: Date; provider: string; messageId: string | null }): Promise<void> {
    await this.entries.updateMany({ batchId, status: 'claimed' }, { $set: { status: 'sent', ...sent } }).exec();
  }

  async markReported(batchId: string): Promise<void> {
    await this.entries.updateMany({ batchId }, { $set: { reported: true } }).exec();
  }

  /** A transient failure: back to the queue for a later attempt. */
  async release(batchId: string, dueAt: Date, failure: string): Promise<void> {
    await this.entries.updateMany({ batchId, status: 'claimed' }, { $set: { status: 'pending', dueAt, batchId: null, claimedAt: null, failure }, $inc: { attempts: 1 } }).exec();
  }

  async markFinal(batchId: string, status: 'failed' | 'dead', failure: string): Promise<void> {
    await this.entries.updateMany({ batchId, status: 'claimed' }, { $set: { status, failure } }).exec();
  }

  async failPending(email: string, failure: string): Promise<number> {
    const result = await this.entries.updateMany({ email, status: 'pending' }, { $set: { status: 'failed', failure } }).exec();
    return result.modifiedCount;
  }

  /** Claims whose sender died before confirming: back to pending, to be sent (again). */
  async releaseStaleClaims(claimedBefore: Date, now: Date): Promise<number> {
    const result = await this.entries.updateMany(
      { status: 'claimed', claimedAt: { $lt: claimedBefore } },
      { $set: { status: 'pending', dueAt: now, batchId: null, claimedAt: null, failure: 'claim expired' } },
    ).exec();
    return result.modifiedCount;
  }

  /** Recipients with entries due now. */
  async dueRecipients(now: Date, limit = 500): Promise<string[]> {
    const due = await this.entries.find({ status: 'pending', dueAt: { $lte: now } }, { email: 1 }).limit(limit).lean().exec();
    return [...new Set(due.map((d) => d.email))];
  }

  /** Sent entries whose `alert.sent` may not have gone out (the sender died in between). */
  unreported(sentBefore: Date, limit = 500): Promise<LedgerEntry[]> {
    return this.entries.find({ status: 'sent', reported: false, sentAt: { $lt: sentBefore } }).limit(limit).lean<LedgerEntry[]>().exec();
  }

  async recipient(email: string): Promise<RecipientState | null> {
    return this.recipients.findById(email).lean<RecipientState>().exec();
  }

  async touchRecipient(email: string, at: Date): Promise<void> {
    await this.recipients.updateOne({ _id: email }, { $set: { lastEmailAt: at }, $setOnInsert: { blocked: false, blockedReason: null } }, { upsert: true }).exec();
  }

  async blockRecipient(email: string, reason: string): Promise<void> {
    await this.recipients.updateOne({ _id: email }, { $set: { blocked: true, blockedReason: reason }, $setOnInsert: { lastEmailAt: null } }, { upsert: true }).exec();
  }
}

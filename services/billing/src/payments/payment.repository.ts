import type { Connection, Model } from 'mongoose';
import type { PaymentState } from '@rr/proto';
import { Schema } from 'mongoose';
import { canMove, statesBefore } from '../domain/payment-state';
import { paymentModel, type PaymentRecord } from './payment.model';

/** One document per state a payment entered (`<paymentId>>state`): the insert is the claim of the move. */
type TransitionRecord = { _id: string; at: Date };
const transitionSchema = new Schema<TransitionRecord>({ _id: String, at: Date }, { versionKey: false });

const isDuplicateKey = (err: unknown) => (err as { code?: number }).code === 11000;

export class PaymentRepository {
  readonly model: Model<PaymentRecord>;
  private readonly transitions: Model<TransitionRecord>;

  constructor(db: Connection) {
    this.model = paymentModel(db);
    this.transitions = (db.models.PaymentTransition as Model<TransitionRecord>) ?? db.model<TransitionRecord>('PaymentTransition', transitionSchema, 'payment_transitions');
  }

  async init(): Promise<void> {
    await this.model.syncIndexes();
  }

  /**
   * Inserts a payment under a fresh variable symbol: the unique index is the claim, so two
   * checkouts never share one (a bank transfer is matched by it). Retries a taken symbol.
   */
  async create(fields: Omit<PaymentRecord, 'variableSymbol'>, symbol: () => string): Promise<PaymentRecord> {
    for (let attempt = 0; ; attempt++) {
      try {
        const doc = await this.model.create({ ...fields, variableSymbol: symbol() });
        return doc.toObject() as PaymentRecord;
      } catch (err) {
        if (!isDuplicateKey(err) || attempt >= 20 || String((err as Error).message).includes('_id_')) throw err;
      }
    }
  }

  findById(id: string): Promise<PaymentRecord | null> {
    return this.model.findById(id).lean<PaymentRecord>().exec();
  }

  findByProviderId(providerPaymentId: string): Promise<PaymentRecord | null> {
    return this.model.findOne({ providerPaymentId }).lean<PaymentRecord>().exec();
  }

  findByVariableSymbol(variableSymbol: string): Promise<PaymentRecord | null> {
    return this.model.findOne({ variableSymbol }).lean<PaymentRecord>().exec();
  }

  listForUser(userId: string, limit = 50): Promise<PaymentRecord[]> {
    return this.model.find({ userId }).sort({ createdAt: -1 }).limit(limit).lean<PaymentRecord[]>().exec();
  }

  /** Open payments whose next lookup is due, oldest first, a bounded batch. */
  dueForCheck(now: Date, limit = 100): Promise<PaymentRecord[]> {
    return this.model.find({ checkAt: { $ne: null, $lte: now } }).sort({ checkAt: 1 }).limit(limit).lean<PaymentRecord[]>().exec();
  }

  paidNotSettled(limit = 100): Promise<PaymentRecord[]> {
    return this.model.find({ state: 'paid', settledAt: null }).limit(limit).lean<PaymentRecord[]>().exec();
  }

  update(id: string, fields: Partial<PaymentRecord>): Promise<PaymentRecord | null> {
    return this.model.findByIdAndUpdate(id, { $set: { ...fields, updatedAt: new Date() } }, { new: true }).lean<PaymentRecord>().exec();
  }

  /**
   * Moves the payment to `to` when its state may precede it, once: the move is claimed by inserting
   * `<id>>to` under a unique key (no transactions here, and FerretDB's conditional updates are not
   * atomic), so of two notifications handled at once only one moves the payment, publishes and
   * settles. Null when the move is not allowed or was already made.
   *
   * The claim and the record's write are two steps. A writer that finds the claim taken completes
   * the move on the record itself (only from a state before `to`) before it returns null: the
   * claimant may not have written yet (two lookups at once: a renewal's own and GoPay's
   * notification), or may have died between the two. Either way the caller's next read shows the
   * state the provider reported, not the one before it.
   */
  async move(id: string, to: PaymentState, fields: Partial<PaymentRecord> = {}): Promise<PaymentRecord | null> {
    const current = await this.findById(id);
    if (!current || !canMove(current.state, to)) return null;
    try {
      await this.transitions.create({ _id: `${id}>${to}`, at: new Date() });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      await this.model.updateOne({ _id: id, state: { $in: statesBefore(to) } }, { $set: { ...fields, state: to, updatedAt: new Date() } }).exec();
      return null;
    }
    return this.model.findOneAndUpdate({ _id: id }, { $set: { ...fields, state: to, updatedAt: new Date() } }, { new: true }).lean<PaymentRecord>().exec();
  }

  markSettled(id: string): Promise<PaymentRecord | null> {
    return this.model.findOneAndUpdate({ _id: id, settledAt: null }, { $set: { settledAt: new Date(), updatedAt: new Date() } }, { new: true }).lean<PaymentRecord>().exec();
  }
}

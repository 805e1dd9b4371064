import { Schema, type Connection, type Model } from 'mongoose';

/**
 * A refund of a bank transfer as a payment order. `_id` `<paymentId>:to-<refunded after>` (the
 * credit note's key too) is claimed by the insert, so a repeated refund call never sends twice.
 * `submitting` → `waiting-signature` (Fio took the batch; a person signs it in internet banking)
 * → `sent` (the outgoing movement is on the statement)
 * | `manual` (no payee account or no import token: the operator sends it) | `failed` (Fio refused; words in `error`).
 */
export type BankRefundState = 'submitting' | 'waiting-signature' | 'sent' | 'manual' | 'failed';

export type BankRefundRecord = {
  _id: string;
  paymentId: string;
  /** Haléře. */
  amount: number;
  variableSymbol: string;
  accountTo: string | null;
  bankCode: string | null;
  state: BankRefundState;
  instructionId: string | null;
  /** The statement's outgoing movement, once the order was signed and executed. */
  movementId?: string | null;
  error: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const schema = new Schema<BankRefundRecord>({
  _id: String, paymentId: String, amount: Number, variableSymbol: String, accountTo: String, bankCode: String,
  state: String, instructionId: String, movementId: String, error: String, createdAt: Date, updatedAt: Date,
}, { versionKey: false });
// The refunds of one payment (its admin view).
schema.index({ paymentId: 1 });
// An outgoing movement of the statement finds the order it executed by its variable symbol.
schema.index({ variableSymbol: 1 });

export const bankRefundModel = (db: Connection): Model<BankRefundRecord> =>
  (db.models.BankRefund as Model<BankRefundRecord>) ?? db.model<BankRefundRecord>('BankRefund', schema, 'bank_refunds');

import { Schema, type Connection, type Model } from 'mongoose';

/** An incoming movement of the bank statement, kept once (its bank id is the key). */
export type BankMovementRecord = {
  _id: string;
  variableSymbol: string | null;
  /** Haléře. */
  amount: number;
  currency: string;
  counterAccount: string | null;
  /** The counter-account's bank (Fio's column3), for sending money back. */
  counterBankCode?: string | null;
  message: string | null;
  date: string;
  paymentId: string | null;
  receivedAt: Date;
};

const schema = new Schema<BankMovementRecord>({
  _id: String, variableSymbol: String, amount: Number, currency: String, counterAccount: String, counterBankCode: String, message: String, date: String,
  paymentId: { type: String, default: null }, receivedAt: Date,
}, { versionKey: false });
// A payment's received total is the sum over its symbol's movements.
schema.index({ variableSymbol: 1 });

export const bankMovementModel = (db: Connection): Model<BankMovementRecord> =>
  (db.models.BankMovement as Model<BankMovementRecord>) ?? db.model<BankMovementRecord>('BankMovement', schema, 'bank_movements');

import { Schema, type Connection, type Model } from 'mongoose';

/** Withdrawals read before their offer's publication (the topics are read side by side). `_id` = offer id. */
type PendingWithdrawalDoc = { _id: string; withdrawnAt: number };

const schema = new Schema<PendingWithdrawalDoc>({ _id: String, withdrawnAt: Number }, { versionKey: false, collection: 'pending_withdrawals' });

export class PendingWithdrawalRepository {
  private readonly model: Model<PendingWithdrawalDoc>;

  constructor(connection: Connection) {
    this.model = (connection.models.PendingWithdrawal as Model<PendingWithdrawalDoc>) ?? connection.model<PendingWithdrawalDoc>('PendingWithdrawal', schema);
  }

  async findByOfferId(offerId: string): Promise<number | null> {
    return (await this.model.findOne({ _id: offerId }).lean<PendingWithdrawalDoc>())?.withdrawnAt ?? null;
  }

  async save(offerId: string, withdrawnAt: number): Promise<void> {
    await this.model.updateOne({ _id: offerId }, { $set: { withdrawnAt } }, { upsert: true });
  }

  async delete(offerId: string): Promise<void> {
    await this.model.deleteOne({ _id: offerId });
  }
}

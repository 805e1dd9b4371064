import { bulkWriteInChunks } from '@rr/kit';
import { Schema, type Connection, type Model } from 'mongoose';

/** Withdrawals read before their offer's publication (the topics are read side by side). `_id` = offer id. */
type PendingWithdrawalDoc = { _id: string; withdrawnAt: number };

const schema = new Schema<PendingWithdrawalDoc>({ _id: String, withdrawnAt: Number }, { versionKey: false, collection: 'pending_withdrawals' });

export class PendingWithdrawalRepository {
  private readonly model: Model<PendingWithdrawalDoc>;

  constructor(connection: Connection) {
    this.model = (connection.models.PendingWithdrawal as Model<PendingWithdrawalDoc>) ?? connection.model<PendingWithdrawalDoc>('PendingWithdrawal', schema);
  }

  /** The kept withdrawal times of these offers (those that have one), in one read by `_id`. */
  async findByOfferIds(offerIds: readonly string[]): Promise<Map<string, number>> {
    if (offerIds.length === 0) return new Map();
    const docs = await this.model.find({ _id: { $in: offerIds } }).lean<PendingWithdrawalDoc[]>();
    return new Map(docs.map((d) => [d._id, d.withdrawnAt]));
  }

  /** Keeps new withdrawals aside and deletes those applied, in one bulk write. */
  async write(kept: ReadonlyMap<string, number>, used: readonly string[]): Promise<void> {
    await bulkWriteInChunks(this.model, [
      ...[...kept].map(([_id, withdrawnAt]) => ({ updateOne: { filter: { _id }, update: { $set: { withdrawnAt } }, upsert: true } })),
      ...used.map((_id) => ({ deleteOne: { filter: { _id } } })),
    ]);
  }
}

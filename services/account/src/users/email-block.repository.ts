import { Schema, type Connection, type Model } from 'mongoose';

type EmailBlock = { _id: string; reason: string; at: Date };

const schema = new Schema<EmailBlock>({ _id: String, reason: String, at: Date }, { versionKey: false });

/** Addresses mail cannot be delivered to, with or without an account behind them. */
export class EmailBlockRepository {
  private readonly model: Model<EmailBlock>;

  constructor(db: Connection) {
    this.model = (db.models.EmailBlock as Model<EmailBlock>) ?? db.model<EmailBlock>('EmailBlock', schema, 'email_blocks');
  }

  async isBlocked(email: string): Promise<boolean> {
    return (await this.model.exists({ _id: email })) !== null;
  }

  async block(email: string, reason: string): Promise<void> {
    await this.model.updateOne({ _id: email }, { $set: { reason, at: new Date() } }, { upsert: true });
  }

  async unblock(email: string): Promise<void> {
    await this.model.deleteOne({ _id: email });
  }
}

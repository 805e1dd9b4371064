import { Schema, type Connection, type Model } from 'mongoose';
import { newId } from '../domain/tokens';

export const CONTACT_STATES = ['new', 'answered', 'closed'] as const;
export type ContactState = (typeof CONTACT_STATES)[number];
export type ContactAnswer = { at: Date; adminId: string; adminEmail: string; subject: string; body: string };

export type ContactRecord = {
  _id: string;
  email: string;
  name: string | null;
  telephone: string | null;
  subject: string | null;
  message: string;
  locale: string;
  userId: string | null;
  ip: string;
  /** Messages stored before states existed read as `new`. */
  state?: ContactState;
  answers?: ContactAnswer[];
  createdAt: Date;
};

const schema = new Schema<ContactRecord>(
  {
    _id: String, email: { type: String, index: true }, name: String, telephone: String, subject: String, message: String,
    locale: String, userId: String, ip: String, state: { type: String, default: 'new' },
    answers: { type: [Schema.Types.Mixed], default: [] }, createdAt: Date,
  },
  { versionKey: false },
);
schema.index({ createdAt: -1 });
schema.index({ state: 1, createdAt: -1 });

export class ContactRepository {
  private readonly model: Model<ContactRecord>;

  constructor(db: Connection) {
    this.model = (db.models.ContactMessage as Model<ContactRecord>) ?? db.model<ContactRecord>('ContactMessage', schema, 'contact_messages');
  }

  async create(fields: Omit<ContactRecord, '_id' | 'createdAt' | 'state' | 'answers'>): Promise<ContactRecord> {
    const doc = await this.model.create({ _id: newId('c'), createdAt: new Date(), state: 'new', answers: [], ...fields });
    return doc.toObject() as ContactRecord;
  }

  findById(id: string): Promise<ContactRecord | null> {
    return this.model.findById(id).lean<ContactRecord>().exec();
  }

  /** Newest first, optionally in one state; `before` is the `createdAt` of the last one shown. */
  list(state: ContactState | null, before: Date | null, limit: number): Promise<ContactRecord[]> {
    const filter: Record<string, unknown> = {};
    if (state) filter.state = state;
    if (before) filter.createdAt = { $lt: before };
    return this.model.find(filter).sort({ createdAt: -1 }).limit(limit).lean<ContactRecord[]>().exec();
  }

  countInState(state: ContactState): Promise<number> {
    return this.model.countDocuments({ state }).exec();
  }

  addAnswer(id: string, answer: ContactAnswer): Promise<ContactRecord | null> {
    return this.model.findByIdAndUpdate(id, { $push: { answers: answer }, $set: { state: 'answered' } }, { new: true }).lean<ContactRecord>().exec();
  }

  setState(id: string, state: ContactState): Promise<ContactRecord | null> {
    return this.model.findByIdAndUpdate(id, { $set: { state } }, { new: true }).lean<ContactRecord>().exec();
  }

  async eraseEmail(email: string): Promise<void> {
    await this.model.deleteMany({ email });
  }
}

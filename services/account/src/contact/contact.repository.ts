import { Schema, type Connection, type Model } from 'mongoose';
import { newId } from '../domain/tokens';

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
  createdAt: Date;
};

const schema = new Schema<ContactRecord>(
  {
    _id: String, email: { type: String, index: true }, name: String, telephone: String, subject: String, message: String,
    locale: String, userId: String, ip: String, createdAt: Date,
  },
  { versionKey: false },
);

export class ContactRepository {
  private readonly model: Model<ContactRecord>;

  constructor(db: Connection) {
    this.model = (db.models.ContactMessage as Model<ContactRecord>) ?? db.model<ContactRecord>('ContactMessage', schema, 'contact_messages');
  }

  async create(fields: Omit<ContactRecord, '_id' | 'createdAt'>): Promise<ContactRecord> {
    const doc = await this.model.create({ _id: newId('c'), createdAt: new Date(), ...fields });
    return doc.toObject() as ContactRecord;
  }

  findById(id: string): Promise<ContactRecord | null> {
    return this.model.findById(id).lean<ContactRecord>().exec();
  }

  async list(offset: number, limit: number): Promise<{ items: ContactRecord[]; total: number }> {
    const [items, total] = await Promise.all([
      this.model.find({}).sort({ createdAt: -1 }).skip(offset).limit(limit).lean<ContactRecord[]>().exec(),
      this.model.countDocuments({}).exec(),
    ]);
    return { items, total };
  }

  async eraseEmail(email: string): Promise<void> {
    await this.model.deleteMany({ email });
  }
}

import type { Connection, Model } from 'mongoose';
import { newId } from '../domain/tokens';
import { userModel, type UserRecord } from './user.model';

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class UserRepository {
  private readonly model: Model<UserRecord>;

  constructor(db: Connection) {
    this.model = userModel(db);
  }

  findById(id: string): Promise<UserRecord | null> {
    return this.model.findById(id).lean<UserRecord>().exec();
  }

  findByEmail(email: string): Promise<UserRecord | null> {
    return this.model.findOne({ email }).lean<UserRecord>().exec();
  }

  findByTelephone(telephone: string): Promise<UserRecord | null> {
    return this.model.findOne({ telephone }).lean<UserRecord>().exec();
  }

  async create(fields: Partial<UserRecord> & Pick<UserRecord, 'email'>): Promise<UserRecord> {
    const now = new Date();
    const doc = await this.model.create({ _id: newId('u'), createdAt: now, updatedAt: now, ...fields });
    return doc.toObject() as UserRecord;
  }

  update(id: string, fields: Partial<UserRecord>): Promise<UserRecord | null> {
    return this.model.findByIdAndUpdate(id, { $set: { ...fields, updatedAt: new Date() } }, { new: true }).lean<UserRecord>().exec();
  }

  async delete(id: string): Promise<void> {
    await this.model.deleteOne({ _id: id });
  }

  findRolesExpiredBy(at: Date): Promise<UserRecord[]> {
    return this.model.find({ roleExpiresAt: { $lte: at }, role: { $lt: 10000 } }).sort({ roleExpiresAt: 1 }).limit(500).lean<UserRecord[]>().exec();
  }

  async search(query: string, offset: number, limit: number): Promise<{ items: UserRecord[]; total: number }> {
    const pattern = new RegExp(escapeRegex(query.trim()), 'i');
    const filter = query.trim() ? { $or: [{ email: pattern }, { name: pattern }, { surname: pattern }, { telephone: pattern }, { _id: query.trim() }] } : {};
    const [items, total] = await Promise.all([
      this.model.find(filter).sort({ createdAt: -1 }).skip(offset).limit(limit).lean<UserRecord[]>().exec(),
      this.model.countDocuments(filter).exec(),
    ]);
    return { items, total };
  }
}

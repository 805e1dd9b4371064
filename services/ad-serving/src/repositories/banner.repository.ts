import { Schema, type Connection, type Model } from 'mongoose';
import type { AdBannerSize } from '@rr/proto';

/** An uploaded banner, kept in our database and served from our origin (never hot-linked). */
export type BannerRecord = {
  _id: string;
  campaignId: string;
  advertiserId: string;
  size: AdBannerSize;
  contentType: string;
  bytes: Buffer;
  createdAt: Date;
};

const schema = new Schema<BannerRecord>({
  _id: String, campaignId: String, advertiserId: String, size: String, contentType: String, bytes: Buffer, createdAt: Date,
}, { versionKey: false });

export class BannerRepository {
  readonly model: Model<BannerRecord>;

  constructor(db: Connection) {
    this.model = (db.models.AdBanner as Model<BannerRecord>) ?? db.model<BannerRecord>('AdBanner', schema, 'banners');
  }

  async init(): Promise<void> {
    await this.model.syncIndexes();
  }

  async create(record: BannerRecord): Promise<void> {
    await this.model.create(record);
  }

  async findById(id: string): Promise<BannerRecord | null> {
    const doc = await this.model.findById(id).lean<BannerRecord>().exec();
    if (!doc) return null;
    // lean() answers a BSON Binary for a Buffer field.
    const raw = doc.bytes as unknown as { buffer?: Uint8Array } | Buffer;
    return { ...doc, bytes: Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer ?? []) };
  }
}

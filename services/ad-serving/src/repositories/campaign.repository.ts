import { Schema, type Connection, type Model } from 'mongoose';
import type { AdBannerSize, AdCampaignStatus, AdPricingModel, AdTargeting, Locale } from '@rr/proto';

export type CampaignRecord = {
  _id: string;
  advertiserId: string;
  advertiserEmail: string;
  locale: Locale;
  name: string;
  alt: string;
  targetUrl: string;
  targeting: AdTargeting;
  startsAt: Date;
  endsAt: Date;
  pricing: AdPricingModel;
  budget: number | null;
  status: AdCampaignStatus;
  reason: string | null;
  /** Banner ids per size; a new upload is a new banner (an approved one is never changed in place). */
  banners: Record<AdBannerSize, string | null>;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const schema = new Schema<CampaignRecord>({
  _id: String,
  advertiserId: { type: String, required: true },
  advertiserEmail: String,
  locale: String,
  name: String,
  alt: String,
  targetUrl: String,
  targeting: Schema.Types.Mixed,
  startsAt: Date,
  endsAt: Date,
  pricing: String,
  budget: { type: Number, default: null },
  status: String,
  reason: { type: String, default: null },
  banners: Schema.Types.Mixed,
  reviewedBy: { type: String, default: null },
  reviewedAt: { type: Date, default: null },
  createdAt: Date,
  updatedAt: Date,
}, { versionKey: false });
// The advertiser's list, newest first; the review queue and the serving set by status.
schema.index({ advertiserId: 1, createdAt: -1 });
schema.index({ status: 1, endsAt: 1, _id: 1 });

export class CampaignRepository {
  readonly model: Model<CampaignRecord>;

  constructor(db: Connection) {
    this.model = (db.models.AdCampaign as Model<CampaignRecord>) ?? db.model<CampaignRecord>('AdCampaign', schema, 'campaigns');
  }

  async init(): Promise<void> {
    await this.model.syncIndexes();
  }

  async create(record: CampaignRecord): Promise<CampaignRecord> {
    await this.model.create(record);
    return record;
  }

  findById(id: string): Promise<CampaignRecord | null> {
    return this.model.findById(id).lean<CampaignRecord>().exec();
  }

  findByAdvertiser(advertiserId: string, limit = 100): Promise<CampaignRecord[]> {
    return this.model.find({ advertiserId }).sort({ createdAt: -1 }).limit(limit).lean<CampaignRecord[]>().exec();
  }

  /** A status's campaigns by end: the review queue (`submitted`) and the serving set (`approved`, not ended). */
  findByStatusEndingAfter(status: AdCampaignStatus, after: Date, limit = 1_000): Promise<CampaignRecord[]> {
    return this.model.find({ status, endsAt: { $gt: after } }).sort({ endsAt: 1 }).limit(limit).lean<CampaignRecord[]>().exec();
  }

  /**
   * Every campaign of a status that ends after `after`, read in keyset pages by (end, id): the
   * serving set holds all running campaigns, so none may be cut off at a page size.
   */
  async allByStatusEndingAfter(status: AdCampaignStatus, after: Date, pageSize = 1_000): Promise<CampaignRecord[]> {
    const all: CampaignRecord[] = [];
    for (;;) {
      const last = all[all.length - 1];
      const filter = last
        ? { status, endsAt: { $gte: last.endsAt }, $or: [{ endsAt: { $gt: last.endsAt } }, { endsAt: last.endsAt, _id: { $gt: last._id } }] }
        : { status, endsAt: { $gt: after } };
      const page = await this.model.find(filter).sort({ endsAt: 1, _id: 1 }).limit(pageSize).lean<CampaignRecord[]>().exec();
      all.push(...page);
      if (page.length < pageSize) return all;
    }
  }

  update(id: string, fields: Partial<CampaignRecord>): Promise<CampaignRecord | null> {
    return this.model.findByIdAndUpdate(id, { $set: { ...fields, updatedAt: new Date() } }, { new: true }).lean<CampaignRecord>().exec();
  }
}

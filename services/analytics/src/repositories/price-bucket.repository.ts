import type { AdType, RealEstateType } from '@rr/proto';
import type { Connection, Model } from 'mongoose';
import type { StoredBucket } from '../domain/bucket-report';
import type { BucketCells } from '../domain/price-bucket';
import { priceBucketModel, type PriceBucketDoc } from './price-bucket.model';

export type BucketKey = { placeKey: string; adType: AdType; realEstateType: RealEstateType; month: string };
const idOf = (k: BucketKey) => `${k.placeKey}|${k.adType}|${k.realEstateType}|${k.month}`;
const DUPLICATE_KEY = 11000;
const MAX_ATTEMPTS = 8;

export class PriceBucketRepository {
  readonly model: Model<PriceBucketDoc>;

  constructor(connection: Connection) {
    this.model = priceBucketModel(connection);
  }

  /** A place's buckets of one offer type for months in [fromMonth, toMonth] (`YYYY-MM`). */
  async findForReport(placeKey: string, adType: AdType, fromMonth: string, toMonth: string): Promise<StoredBucket[]> {
    const docs = await this.model
      .find({ placeKey, adType, month: { $gte: fromMonth, $lte: toMonth } }, { realEstateType: 1, month: 1, cells: 1 })
      .sort({ placeKey: 1, adType: 1, month: 1 })
      .lean<Pick<PriceBucketDoc, 'realEstateType' | 'month' | 'cells'>[]>();
    return docs.map((d) => ({ realEstateType: d.realEstateType as RealEstateType, month: d.month, cells: JSON.parse(d.cells) as BucketCells }));
  }

  /** Applies `change` to one bucket, retrying when another writer got there first. */
  async update(key: BucketKey, change: (cells: BucketCells) => void): Promise<void> {
    const _id = idOf(key);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const doc = await this.model.findOne({ _id }, { cells: 1, version: 1 }).lean<Pick<PriceBucketDoc, 'cells' | 'version'>>();
      const cells = doc ? (JSON.parse(doc.cells) as BucketCells) : {};
      change(cells);
      if (!doc) {
        try {
          await this.model.create({ _id, ...key, cells: JSON.stringify(cells), version: 1 });
          return;
        } catch (err) {
          if ((err as { code?: number }).code === DUPLICATE_KEY) continue;
          throw err;
        }
      }
      const res = await this.model.updateOne({ _id, version: doc.version }, { $set: { cells: JSON.stringify(cells), version: doc.version + 1 } });
      if (res.modifiedCount === 1) return;
    }
    throw new Error(`price bucket ${_id} kept changing under ${MAX_ATTEMPTS} attempts`);
  }
}

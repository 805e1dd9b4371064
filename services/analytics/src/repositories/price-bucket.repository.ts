import { MAX_REPORT_MONTHS, type AdType, type RealEstateType } from '@rr/proto';
import type { Connection, Model } from 'mongoose';
import type { StoredBucket } from '../domain/bucket-report';
import { layoutCountsOf, type BucketCells, type LayoutCounts } from '../domain/price-bucket';
import { bucketCountModel, priceBucketModel, type BucketCountDoc, type PriceBucketDoc } from './price-bucket.model';

export type BucketCount = { placeKey: string; realEstateType: RealEstateType; month: string; layouts: LayoutCounts };
export type BucketKey = { placeKey: string; adType: AdType; realEstateType: RealEstateType; month: string };
const idOf = (k: BucketKey) => `${k.placeKey}|${k.adType}|${k.realEstateType}|${k.month}`;
const DUPLICATE_KEY = 11000;
const MAX_ATTEMPTS = 8;
/** Months of counts kept per place key: the longest report window and the month in progress, with a margin. */
const KEPT_MONTHS = MAX_REPORT_MONTHS + 3;
type CountsByMonth = Record<string, Record<string, { v: number; l: LayoutCounts }>>;
/** A whole bucket for a bulk load: its key and its cells once every offer of it is filed. */
export type FiledBucket = { key: BucketKey; cells: BucketCells };
/** A place key's offers per layout of every month and property type, for a bulk load. */
export type FiledCounts = { placeKey: string; adType: AdType; months: Record<string, Partial<Record<RealEstateType, LayoutCounts>>> };
const BULK = 1_000;

/** Months beyond what a report can ask for are dropped, so the counts document stays small. */
function keepReportMonths(months: Record<string, unknown>): void {
  for (const month of Object.keys(months).sort().slice(0, -KEPT_MONTHS)) delete months[month];
}

export class PriceBucketRepository {
  readonly model: Model<PriceBucketDoc>;
  readonly counts: Model<BucketCountDoc>;

  constructor(connection: Connection) {
    this.model = priceBucketModel(connection);
    this.counts = bucketCountModel(connection);
  }

  async init(): Promise<void> {
    await Promise.all([this.model.init(), this.counts.init()]);
  }

  /**
   * The buckets of one property type in some places (a place, or a radius's four grid cells) for
   * months in [fromMonth, toMonth] (`YYYY-MM`), in one read (`$in` is answered from the index).
   */
  async findForPlaces(placeKeys: readonly string[], adType: AdType, realEstateType: RealEstateType, fromMonth: string, toMonth: string): Promise<StoredBucket[]> {
    const docs = await this.model
      .find({ placeKey: placeKeys.length === 1 ? placeKeys[0] : { $in: placeKeys }, adType, realEstateType, month: { $gte: fromMonth, $lte: toMonth } }, { placeKey: 1, month: 1, cells: 1 })
      .lean<Pick<PriceBucketDoc, 'placeKey' | 'month' | 'cells'>[]>();
    return docs.map((d) => ({ placeKey: d.placeKey, realEstateType, month: d.month, cells: JSON.parse(d.cells) as BucketCells }));
  }

  /** Offers per layout of every property type's buckets in the places and months: one small read per place key. */
  async findCounts(placeKeys: readonly string[], adType: AdType, fromMonth: string, toMonth: string): Promise<BucketCount[]> {
    const docs = await this.counts.find({ _id: { $in: placeKeys.map((k) => `${k}|${adType}`) } }, { placeKey: 1, months: 1 }).lean<Pick<BucketCountDoc, 'placeKey' | 'months'>[]>();
    const out: BucketCount[] = [];
    for (const d of docs) {
      for (const [month, types] of Object.entries(JSON.parse(d.months) as CountsByMonth)) {
        if (month < fromMonth || month > toMonth) continue;
        for (const [realEstateType, entry] of Object.entries(types)) out.push({ placeKey: d.placeKey, realEstateType: realEstateType as RealEstateType, month, layouts: entry.l });
      }
    }
    return out;
  }

  /** Applies `change` to one bucket, retrying when another writer got there first; then its counts. */
  async update(key: BucketKey, change: (cells: BucketCells) => void): Promise<void> {
    const _id = idOf(key);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const doc = await this.model.findOne({ _id }, { cells: 1, version: 1 }).lean<Pick<PriceBucketDoc, 'cells' | 'version'>>();
      const cells = doc ? (JSON.parse(doc.cells) as BucketCells) : {};
      change(cells);
      const version = (doc?.version ?? 0) + 1;
      if (!doc) {
        try {
          await this.model.create({ _id, ...key, cells: JSON.stringify(cells), version });
        } catch (err) {
          if ((err as { code?: number }).code === DUPLICATE_KEY) continue;
          throw err;
        }
      } else {
        const res = await this.model.updateOne({ _id, version: doc.version }, { $set: { cells: JSON.stringify(cells), version } });
        if (res.modifiedCount !== 1) continue;
      }
      await this.saveCounts(key, layoutCountsOf(cells), version);
      return;
    }
    throw new Error(`price bucket ${_id} kept changing under ${MAX_ATTEMPTS} attempts`);
  }

  /** Files a bucket's counts under its place key unless a later version's are already there. */
  private async saveCounts(key: BucketKey, layouts: LayoutCounts, version: number): Promise<void> {
    const _id = `${key.placeKey}|${key.adType}`;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const doc = await this.counts.findOne({ _id }, { months: 1, version: 1 }).lean<Pick<BucketCountDoc, 'months' | 'version'>>();
      const months = doc ? (JSON.parse(doc.months) as CountsByMonth) : {};
      const entry = months[key.month]?.[key.realEstateType];
      if (entry && entry.v >= version) return;
      (months[key.month] ??= {})[key.realEstateType] = { v: version, l: layouts };
      keepReportMonths(months);
      if (!doc) {
        try {
          await this.counts.create({ _id, placeKey: key.placeKey, adType: key.adType, months: JSON.stringify(months), version: 1 });
          return;
        } catch (err) {
          if ((err as { code?: number }).code === DUPLICATE_KEY) continue;
          throw err;
        }
      }
      const res = await this.counts.updateOne({ _id, version: doc.version }, { $set: { months: JSON.stringify(months), version: doc.version + 1 } });
      if (res.modifiedCount === 1) return;
    }
    throw new Error(`bucket counts ${_id} kept changing under ${MAX_ATTEMPTS} attempts`);
  }

  /**
   * Bulk load (a benchmark's seed, a rebuild from a snapshot): whole buckets inserted as `update`
   * leaves them once their offers are filed, at version 1. Only into keys not stored yet.
   */
  async insertBuckets(buckets: readonly FiledBucket[]): Promise<void> {
    const docs = buckets.map((b) => ({ _id: idOf(b.key), ...b.key, cells: JSON.stringify(b.cells), version: 1 }));
    for (let i = 0; i < docs.length; i += BULK) await this.model.insertMany(docs.slice(i, i + BULK), { ordered: false, lean: true });
  }

  /** Bulk load of the counts beside `insertBuckets`' buckets: each entry from its bucket's version 1, months kept as `update` keeps them. */
  async insertCounts(counts: readonly FiledCounts[]): Promise<void> {
    const docs = counts.map((c) => {
      const months: CountsByMonth = {};
      for (const [month, types] of Object.entries(c.months)) {
        months[month] = {};
        for (const [type, layouts] of Object.entries(types)) months[month][type] = { v: 1, l: layouts! };
      }
      keepReportMonths(months);
      return { _id: `${c.placeKey}|${c.adType}`, placeKey: c.placeKey, adType: c.adType, months: JSON.stringify(months), version: 1 };
    });
    for (let i = 0; i < docs.length; i += BULK) await this.counts.insertMany(docs.slice(i, i + BULK), { ordered: false, lean: true });
  }
}

import { AppError } from '@rr/kit';
import type { EstimateAnswer, EstimateSubject } from '@rr/proto';
import { bucketKeysOf } from '../domain/apply-event';
import type { StoredBucket } from '../domain/bucket-report';
import { estimatePrice, type ComparableStep } from '../domain/estimate';
import { cellsAround } from '../domain/grid';
import { factFromOffer, type OfferFact } from '../domain/offer-fact';
import { contribute } from '../domain/price-bucket';
import { RADIUS_STEPS_KM } from '../domain/radius';
import { reportWindow } from '../domain/report-window';
import type { BucketReader } from './price-reports';

export type FactReader = { findByOfferId(offerId: string): Promise<OfferFact | null> };

/** The months of comparables an estimate uses: the report window's 3. */
const ESTIMATE_MONTHS = 3;

/**
 * RadarPrice for an offer the read model knows: its municipality's buckets first, then the grid
 * cells around it over the radius steps (two reads at most), with the offer's own contribution
 * taken out so it is not its own comparable.
 */
export class PriceEstimates {
  constructor(private readonly facts: FactReader, private readonly buckets: BucketReader, private readonly now: () => number = Date.now) {}

  async estimate(offerId: string): Promise<EstimateAnswer> {
    const fact = await this.facts.findByOfferId(offerId);
    if (!fact) throw new AppError('NOT_FOUND', `offer ${offerId} is not in the price model`);
    return this.estimateFact(fact, true);
  }

  /**
   * An offer as the caller has it: the read model's own fact when it has taken the offer in (its
   * contribution then comes out of the buckets), else the fact made from what was sent (not in
   * any bucket yet, nothing to take out).
   */
  async estimateOffer(offer: EstimateSubject): Promise<EstimateAnswer> {
    const stored = await this.facts.findByOfferId(offer.id);
    return stored ? this.estimateFact(stored, true) : this.estimateFact(factFromOffer(offer), false);
  }

  private async estimateFact(fact: OfferFact, inBuckets: boolean): Promise<EstimateAnswer> {
    const asOf = this.now();
    const { fromMonth, toMonth } = reportWindow(asOf, ESTIMATE_MONTHS);
    const read = async (keys: string[]) => {
      const stored = await this.buckets.findForPlaces(keys, fact.adType, fact.realEstateType, fromMonth, toMonth);
      return inBuckets ? this.withoutSubject(stored, fact) : stored;
    };
    const own: ComparableStep[] = fact.municipalityCode ? [{ radiusKm: 0, buckets: (await read([`m:${fact.municipalityCode}`])).map((b) => b.cells) }] : [];
    let estimate = estimatePrice(fact, own);
    if (!estimate && fact.lat !== null && fact.lon !== null) {
      const point = { lat: fact.lat, lon: fact.lon };
      const radii = RADIUS_STEPS_KM.filter((r) => r > 0);
      const stored = await read(radii.flatMap((r) => cellsAround(point, r)));
      const steps = radii.map((radiusKm) => {
        const keys = new Set(cellsAround(point, radiusKm));
        return { radiusKm, buckets: stored.filter((b) => keys.has(b.placeKey!)).map((b) => b.cells) };
      });
      estimate = estimatePrice(fact, steps);
    }
    const result = estimate && { source: 'RadarPrice' as const, asOf: new Date(asOf).toISOString(), ...estimate };
    return {
      offerId: fact.offerId,
      offerPrice: fact.price,
      difference: result && fact.price ? +((fact.price - result.price) / result.price).toFixed(4) : null,
      estimate: result,
    };
  }

  /** The buckets with the offer's own contribution taken out (it is in its own place's and cells' buckets). */
  private withoutSubject(buckets: StoredBucket[], fact: OfferFact): StoredBucket[] {
    const own = new Set(bucketKeysOf(fact));
    for (const b of buckets) if (b.month === fact.publishedMonth && own.has(b.placeKey!)) contribute(b.cells, fact, -1);
    return buckets;
  }
}

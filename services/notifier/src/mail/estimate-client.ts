import type { Logger } from '@rr/kit';
import { MAX_ESTIMATES_PER_CALL, type EstimatesAnswer, type EstimateSubject, type Offer } from '@rr/proto';

/** RadarPrice as an alert e-mail shows it. */
export type AlertEstimate = { price: number; low: number; high: number; difference: number | null };

/** The estimates of one e-mail's offers by offer id; offers without one are missing. Never throws. */
export type EstimateSource = (offers: Offer[]) => Promise<Map<string, AlertEstimate>>;

export const noEstimates: EstimateSource = async () => new Map();

export type EstimateClientOptions = { url: string; timeoutMs: number; log: Logger; fetch?: typeof fetch };

/** After the analytics service is found failing, it is left alone this long: e-mails go out without RadarPrice. */
const PAUSE_AFTER_FAILURE_MS = 10_000;
const isTimeout = (err: unknown) => ['TimeoutError', 'AbortError'].includes((err as Error).name);

const subjectOf = (o: Offer): EstimateSubject => ({
  id: o.id, adType: o.adType, realEstateType: o.realEstateType, dispositionLabel: o.dispositionLabel, area: o.area, landArea: o.landArea,
  price: o.price, location: o.location, createdAt: o.createdAt,
});

/**
 * Asks the analytics service for the RadarPrice of an e-mail's offers in one call, with a short
 * timeout: the e-mail asks while it waits for its banner decision, so it is not held up, and a
 * late, failing or absent answer only leaves RadarPrice out. A refused or failing service is not
 * asked again for a while; a timeout is logged at most once a minute with how many there were.
 */
export function httpEstimateSource(options: EstimateClientOptions): EstimateSource {
  const endpoint = `${options.url.replace(/\/$/, '')}/analytics/estimates`;
  const doFetch = options.fetch ?? fetch;
  let pausedUntil = 0;
  let warnedAt = 0;
  let late = 0;
  return async (offers) => {
    const out = new Map<string, AlertEstimate>();
    if (offers.length === 0 || Date.now() < pausedUntil) return out;
    try {
      const res = await doFetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ offers: offers.slice(0, MAX_ESTIMATES_PER_CALL).map(subjectOf) }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (!res.ok) throw new Error(`analytics answered ${res.status}`);
      const { data } = (await res.json()) as { data: EstimatesAnswer };
      for (const item of data.items) {
        if (item.estimate) out.set(item.offerId, { price: item.estimate.price, low: item.estimate.low, high: item.estimate.high, difference: item.difference });
      }
    } catch (err) {
      if (isTimeout(err)) late += 1;
      else pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
      if (Date.now() - warnedAt > 60_000) {
        options.log.warn({ err, late, timeoutMs: options.timeoutMs }, 'no RadarPrice for alert e-mails (late or failing analytics); they went without it');
        warnedAt = Date.now();
        late = 0;
      }
    }
    return out;
  };
}

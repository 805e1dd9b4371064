import type { Logger } from '@rr/kit';
import type { AdDecisionResponse } from '@rr/proto';
import type { AdCreative, AdRequest, AdSource } from './ad-slot';

export type AdClientOptions = { url: string; timeoutMs: number; log: Logger; fetch?: typeof fetch };

/** After a failed call the ad service is left alone this long: alerts go out without banners meanwhile. */
const PAUSE_AFTER_FAILURE_MS = 10_000;

/**
 * Asks the ad service for one e-mail's banner with a short timeout. The alert never waits
 * longer than that: a slow, failing or absent ad service means no banner, and after a failure
 * the next e-mails do not even ask for a while (so an outage costs no delay per e-mail).
 */
export function httpAdSource(options: AdClientOptions): AdSource & { pausedUntil: () => number } {
  const endpoint = `${options.url.replace(/\/$/, '')}/internal/decide`;
  const doFetch = options.fetch ?? fetch;
  let pausedUntil = 0;
  let warned = 0;
  const source = async (req: AdRequest): Promise<AdCreative | null> => {
    if (Date.now() < pausedUntil) return null;
    try {
      const res = await doFetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          emailId: req.emailId, recipient: req.email, locale: req.locale,
          offers: req.offers.slice(0, 50).map((o) => ({ regionCode: o.location.regionCode, districtCode: o.location.districtCode, adType: o.adType, realEstateType: o.realEstateType })),
        }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (!res.ok) throw new Error(`ad service answered ${res.status}`);
      const { ad } = (await res.json()) as AdDecisionResponse;
      return ad && { imageUrl: ad.imageUrl, mobileImageUrl: ad.mobileImageUrl, clickUrl: ad.clickUrl, alt: ad.alt, advertiserId: ad.advertiserId };
    } catch (err) {
      pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
      if (Date.now() - warned > 60_000) {
        warned = Date.now();
        options.log.warn({ err, pauseMs: PAUSE_AFTER_FAILURE_MS }, 'no banner decision; alerts go out without banners for a while');
      }
      return null;
    }
  };
  return Object.assign(source, { pausedUntil: () => pausedUntil });
}

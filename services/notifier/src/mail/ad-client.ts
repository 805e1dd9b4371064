import type { Logger } from '@rr/kit';
import type { AdDecisionResponse } from '@rr/proto';
import type { AdCreative, AdRequest, AdSource } from './ad-slot';

export type AdClientOptions = { url: string; timeoutMs: number; log: Logger; fetch?: typeof fetch };

/** After the ad service is found down, it is left alone this long: alerts go out without banners meanwhile. */
const PAUSE_AFTER_FAILURE_MS = 10_000;
/**
 * Timeouts that mean "hung" rather than "busy for a moment": this many since the last answer,
 * and no answer for `HUNG_AFTER_MS`. Late answers in a burst (up to 128 e-mails ask at once; a
 * collection pause, a busy shared machine) cost those e-mails their banners, not the next ten
 * seconds' worth (bench:ads lost most banners of a burst when one timeout paused). Each timeout
 * delays its e-mail by the timeout at most.
 */
const FAILURES_BEFORE_PAUSE = 20;
const HUNG_AFTER_MS = 2_000;
const isTimeout = (err: unknown) => ['TimeoutError', 'AbortError'].includes((err as Error).name);

/**
 * Asks the ad service for one e-mail's banner with a short timeout. The alert never waits
 * longer than that: a slow, failing or absent ad service means no banner, and once it is found
 * down (refused, an error, or several timeouts in a row) the next e-mails do not even ask for a
 * while (so an outage costs no delay per e-mail).
 */
export function httpAdSource(options: AdClientOptions): AdSource & { pausedUntil: () => number } {
  const endpoint = `${options.url.replace(/\/$/, '')}/internal/decide`;
  const doFetch = options.fetch ?? fetch;
  let pausedUntil = 0;
  let warned = 0;
  let failures = 0;
  let answeredAt = 0;
  let lateSince = 0;
  let late = 0;
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
      failures = 0;
      answeredAt = Date.now();
      return ad && { imageUrl: ad.imageUrl, mobileImageUrl: ad.mobileImageUrl, clickUrl: ad.clickUrl, alt: ad.alt, advertiserId: ad.advertiserId, campaignId: ad.campaignId };
    } catch (err) {
      failures += 1;
      // Refused or failing at once: down, so stop asking; a timeout: only when it keeps happening.
      if (isTimeout(err) && (failures < FAILURES_BEFORE_PAUSE || Date.now() - answeredAt < HUNG_AFTER_MS)) {
        late += 1;
        if (Date.now() - lateSince > 60_000) {
          options.log.warn({ late, timeoutMs: options.timeoutMs }, 'banner decisions answered too late; those alerts went without a banner');
          lateSince = Date.now();
          late = 0;
        }
        return null;
      }
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

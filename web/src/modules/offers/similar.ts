import type { Offer, WatchdogPlace } from '@rr/proto';
import { emptyDraft, type Draft } from '../watchdogs/criteria';

/** A watchdog draft for offers like this one: same offer and property type, layout and place. */
export function draftFromOffer(offer: Offer): Draft {
  const place: WatchdogPlace | null = offer.location.municipalityCode
    ? { kind: 'municipality', code: offer.location.municipalityCode, name: offer.location.name.split(',')[0].trim(), point: offer.location.point, radiusKm: 0 }
    : offer.location.districtCode
      ? { kind: 'district', code: offer.location.districtCode, name: offer.location.name, point: offer.location.point, radiusKm: 0 }
      : null;
  return {
    ...emptyDraft(),
    adTypes: [offer.adType],
    realEstateTypes: [offer.realEstateType],
    dispositions: offer.dispositionLabel ? [offer.dispositionLabel] : [],
    places: place ? [place] : [],
  };
}

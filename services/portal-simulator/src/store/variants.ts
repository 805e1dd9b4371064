import type { Portal } from '@rr/proto';
import type { SimProperty } from '../domain';
import type { SimListing } from '../portals/types';
import { listingUrl } from '../portals/urls';
import { titleFor } from '../portals/wording';
import { createRng, hashString } from '../generator/rng';

/** What a cross-post keeps of its own: the small differences from the property's true facts. */
export type ListingVariation = { priceDelta: number; areaDelta: number; gps: boolean; gpsNoise: [number, number] };

const HTML_PORTALS: readonly Portal[] = ['idnes', 'bazos', 'realitycz', 'realitymix'];

/**
 * The first portal shows the true facts; later cross-posts differ a little (area ±1 m², a price a
 * few thousand apart), and HTML portals sometimes print no map point. Derived from the ids, so a
 * property renders the same on every run.
 */
export function variationFor(p: SimProperty, portal: Portal, isFirst: boolean): ListingVariation {
  const rng = createRng(hashString(`${p.id}:${portal}`));
  const rental = p.adType === 'Rent' || p.adType === 'Roommates';
  const priceDelta = isFirst ? 0 : rental ? rng.pick([0, 0, 0, 500, -500, 1000]) : rng.pick([0, 0, 0, 5000, -5000, 10000, -10000, 20000]);
  const areaDelta = isFirst || (p.area ?? 0) < 20 ? 0 : rng.pick([0, 0, 0, 1, -1]);
  const gps = portal === 'bazos' ? false : HTML_PORTALS.includes(portal) ? !rng.chance(0.15) : true;
  const gpsNoise: [number, number] = isFirst ? [0, 0] : [(rng.next() - 0.5) * 0.0006, (rng.next() - 0.5) * 0.0009];
  return { priceDelta, areaDelta, gps, gpsNoise };
}

export function priceWith(price: number | null, delta: number): number | null {
  if (price == null) return null;
  return price + delta > 0 ? price + delta : price;
}

/** The property as one portal publishes it. */
export function renderListing(args: {
  property: SimProperty; portal: Portal; listingId: string; origin: string; variation: ListingVariation;
  promoted: boolean; pricePerM2Only: boolean; now: Date;
}): SimListing {
  const { property: p, portal, variation: v } = args;
  const area = p.area == null ? null : Math.max(1, p.area + v.areaDelta);
  const placeName = p.place.pragueDistrict ?? p.place.name;
  const title = titleFor(portal, p, area, p.landArea, placeName);
  const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
  const partial = {
    portal, listingId: args.listingId, adType: p.adType, realEstateType: p.realEstateType,
    dispositionLabel: p.dispositionLabel, houseType: p.houseType, landType: p.landType, place: p.place, title,
  };
  return {
    ...partial,
    propertyId: p.id,
    url: listingUrl(args.origin, partial),
    description: p.description,
    area,
    landArea: p.landArea,
    price: priceWith(p.price, v.priceDelta),
    pricePerM2Only: args.pricePerM2Only,
    lat: v.gps ? round6(p.lat + v.gpsNoise[0]) : null,
    lon: v.gps ? round6(p.lon + v.gpsNoise[1]) : null,
    floor: p.floor,
    ownership: p.ownership,
    construction: p.construction,
    elevator: p.elevator,
    terraceTypes: p.terraceTypes,
    beds: p.beds,
    images: photoUrls(args.origin, portal, p),
    contactPerson: p.contactPerson,
    privateSeller: p.privateSeller,
    promoted: args.promoted,
    publishedAt: args.now,
    updatedAt: args.now,
    active: true,
  };
}

/**
 * Photos are served by the simulator (`/photos/<key>.svg`); each portal has its own path to the
 * same picture, as cross-posts upload the same photos to different CDNs.
 */
export function photoUrls(origin: string, portal: Portal, p: SimProperty): string[] {
  return Array.from({ length: p.photoCount }, (_, i) => `${origin}/photos/${portal}/${p.id}-${i + 1}.svg`);
}

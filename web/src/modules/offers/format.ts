import type { Offer, Locale } from '@rr/proto';
import { formatPrice } from '../../i18n/format';

/** `1 250 000 Kč`, rentals with the monthly suffix; null price has its own message at the caller. */
export function priceParts(offer: Pick<Offer, 'price' | 'adType'>, locale: Locale): { amount: string; monthly: boolean } | null {
  if (offer.price == null) return null;
  return { amount: formatPrice(offer.price, locale), monthly: offer.adType === 'Rent' || offer.adType === 'Roommates' };
}

/** An OpenStreetMap link for a point (no map tiles are loaded on our page). */
export const mapLinkOf = (lat: number, lon: number) =>
  `https://www.openstreetmap.org/?mlat=${lat.toFixed(5)}&mlon=${lon.toFixed(5)}#map=15/${lat.toFixed(5)}/${lon.toFixed(5)}`;

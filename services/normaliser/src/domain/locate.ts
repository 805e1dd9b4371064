import type { Gazetteer, Resolution } from '@rr/gazetteer';
import type { OfferLocation, RawListing } from '@rr/proto';

/** Locality text as people read it: portals' `<br>` and markup become commas and spaces. */
export function cleanLocality(text: string): string {
  return text
    .replace(/<br\s*\/?>/gi, ', ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\s+,/g, ',')
    .trim();
}

/** A usable GPS point: both numbers, not the (0, 0) placeholder some portals print for "unknown". */
export function pointOf(l: Pick<RawListing, 'lat' | 'lon'>): { lat: number; lon: number } | null {
  if (l.lat == null || l.lon == null || !Number.isFinite(l.lat) || !Number.isFinite(l.lon)) return null;
  if (Math.abs(l.lat) < 1 && Math.abs(l.lon) < 1) return null;
  return { lat: l.lat, lon: l.lon };
}

/**
 * Where a listing is: by GPS when it has a point in Czechia (a swapped pair is put right), else by
 * its locality text; when neither works the location is `unresolved`, kept with the text it had.
 */
export function locate(gazetteer: Gazetteer, l: Pick<RawListing, 'lat' | 'lon' | 'locality'>): OfferLocation {
  const text = cleanLocality(l.locality);
  let point = pointOf(l);
  let byPoint: Resolution | null = null;
  if (point) {
    byPoint = gazetteer.resolveByPoint(point.lat, point.lon);
    if (!byPoint && gazetteer.resolveByPoint(point.lon, point.lat)) {
      point = { lat: point.lon, lon: point.lat };
      byPoint = gazetteer.resolveByPoint(point.lat, point.lon);
    }
  }
  if (byPoint) return locationOf(byPoint, text, point, 'gps');
  const byText = text ? gazetteer.resolveByText(text) : null;
  if (byText) return locationOf(byText, text, null, 'text');
  return {
    name: text,
    municipalityCode: null,
    districtCode: null,
    regionCode: null,
    pragueDistrictCode: null,
    point: null,
    resolvedBy: 'unresolved',
  };
}

function locationOf(r: Resolution, text: string, point: { lat: number; lon: number } | null, by: 'gps' | 'text'): OfferLocation {
  const place = r.pragueDistrict ? r.pragueDistrict.name : r.municipality.name;
  return {
    name: text || place,
    municipalityCode: r.municipality.code,
    districtCode: r.district.code,
    regionCode: r.region.code,
    pragueDistrictCode: r.pragueDistrict?.code ?? null,
    point: point ?? (r.pragueDistrict ?? r.municipality).point,
    resolvedBy: by,
  };
}

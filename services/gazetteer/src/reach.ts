import { distanceKm, type GeoPoint } from '@rr/proto';
import { CZ_BOUNDS } from './geo';
import type { Place } from './types';

/** The sampling grid: 0.01° × 0.015°, about 1.1 km square at Czech latitudes. */
const STEP_LAT = 0.01;
const STEP_LON = 0.015;
/** A point lies within one cell diagonal (~1.6 km) of a sample; the reach is widened by that. */
const CELL_DIAGONAL_KM = 1.6;

/**
 * How far from each municipality's centre a GPS point can lie and still be located in it (its
 * `radiusKm` is a rough size; GPS resolution also reaches farther where villages are sparse, up to
 * 15 km at the border). Found by locating a grid of points over Czechia (~80,000, ~0.4 s): the
 * farthest located in the municipality plus a cell diagonal, never less than its own radius.
 * Checked on random points by the unit test.
 */
export function municipalityReachKm(municipalities: readonly Place[], locate: (p: GeoPoint) => Place | null): Map<string, number> {
  const reach = new Map<string, number>(municipalities.map((m) => [m.code, m.radiusKm]));
  const centres = new Map<string, GeoPoint>(municipalities.map((m) => [m.code, m.point]));
  for (let lat = CZ_BOUNDS.minLat; lat <= CZ_BOUNDS.maxLat; lat += STEP_LAT) {
    for (let lon = CZ_BOUNDS.minLon; lon <= CZ_BOUNDS.maxLon; lon += STEP_LON) {
      const point = { lat, lon };
      const m = locate(point);
      if (!m) continue;
      const d = distanceKm(centres.get(m.code)!, point);
      if (d > reach.get(m.code)!) reach.set(m.code, d);
    }
  }
  for (const [code, km] of reach) reach.set(code, km + CELL_DIAGONAL_KM);
  return reach;
}

/**
 * The municipalities an offer within `radiusKm` of `centre` can be located in: every one whose
 * reach meets the circle. A superset: the caller checks each offer's own point.
 */
export function municipalitiesMeeting(municipalities: readonly Place[], reach: ReadonlyMap<string, number>, centre: GeoPoint, radiusKm: number): Place[] {
  return municipalities.filter((m) => distanceKm(centre, m.point) <= radiusKm + reach.get(m.code)!);
}

import { areaCircle, checkMapArea, type WatchdogCriteria } from '@rr/proto';
import { seeded } from './matcher-market';

/**
 * Areas drawn on a map for bench:matcher: about one watchdog in twenty (`AREA_SHARE`) draws one
 * to three polygons of 5 to 24 corners, each 0.5 to 4 km across, near its first place's centre,
 * and is filed as the account service files it: under that place, with the circle around the area
 * that holds it (`areaCircle`). Star-shaped around their centres, so every polygon is simple. From a random stream of its
 * own, so the other fields of the market stay as they were. `BENCH_AREAS=off`: none (to see what
 * areas cost).
 */
export const AREA_SHARE = process.env.BENCH_AREAS === 'off' ? 0 : 0.05;

export function areaDrawer(seed = 20261126) {
  const r = seeded(seed);
  const polygon = (lon: number, lat: number) => {
    const corners = 5 + Math.floor(r.next() * 20);
    const reachKm = 0.25 + r.next() * 1.75;
    const ring = Array.from({ length: corners }, (_, k) => {
      const angle = (2 * Math.PI * (k + 0.3 * r.next())) / corners;
      const km = reachKm * (0.5 + 0.5 * r.next());
      return [lon + (km * Math.cos(angle)) / 71, lat + (km * Math.sin(angle)) / 111];
    });
    return [[...ring, ring[0]]];
  };
  return (criteria: WatchdogCriteria): WatchdogCriteria => {
    const place = criteria.places[0];
    if (!r.chance(AREA_SHARE) || !place.point) return criteria;
    const count = 1 + Math.floor(r.next() * r.next() * 3);
    const polygons = Array.from({ length: count }, (_, i) => polygon(place.point!.lon + (i * 5) / 71 + (r.next() - 0.5) / 71, place.point!.lat + (r.next() - 0.5) / 111));
    const check = checkMapArea({ type: 'MultiPolygon', coordinates: polygons });
    if (!check.ok) return criteria;
    return { ...criteria, places: [{ ...place, ...areaCircle(check.area) }], mapArea: check.area };
  };
}

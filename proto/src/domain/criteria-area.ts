import { z } from 'zod';
import { EARTH_RADIUS_KM, distanceKm } from './geo';
import type { GeoPoint, OfferLocation } from './location';

/**
 * Areas drawn on a map (issue 19): one or more polygons, stored as a GeoJSON MultiPolygon
 * (RFC 7946: positions are [longitude, latitude], rings closed, edges straight lines in
 * longitude/latitude). The exact meaning, shared by the account service (validation, containment),
 * the matcher and the web client:
 *
 * - An offer lies in an area when its portal's GPS point is inside one of the polygons or on its
 *   edge. Offers whose location came from text (their point is the place's centre, not the
 *   property's) and offers without a location never match an area: we cannot tell where they are.
 * - A polygon is one closed ring of 3 or more corners that does not cross or touch itself. Holes
 *   are refused (draw two polygons instead); polygons of one area must not overlap or touch.
 * - Everything lies in the Czech bounding box (`CZECH_BOUNDS`); an area spans at most
 *   `maxExtentKm` each way, has at most `maxPolygons` polygons and `maxPoints` corners in all, and
 *   each polygon covers at least `minPolygonKm2`.
 * - Containment (creation outcomes): an area covers another when each polygon of the other equals
 *   one of its polygons or lies strictly inside one (its corners inside and no edges meeting).
 *   A polygon spread over two adjacent polygons is not covered: when in doubt, "not covered".
 */

export const MAP_AREA_LIMITS = {
  maxPolygons: 10,
  /** Corners over all polygons (a ring's closing repeat is not counted). */
  maxPoints: 500,
  minPolygonKm2: 0.01,
  maxExtentKm: 100,
} as const;

/** Czechia (48.55–51.06° N, 12.09–18.86° E) with a small margin. */
export const CZECH_BOUNDS = { south: 48.5, north: 51.1, west: 12.0, east: 18.9 } as const;

/** Stored coordinates are rounded to 6 decimals (about 0.1 m). */
const PRECISION = 1e6;

/** [longitude, latitude] (an altitude, allowed by GeoJSON, is dropped by `checkMapArea`). */
const Position = z.array(z.number()).min(2).max(3);
export const MapArea = z.object({
  type: z.literal('MultiPolygon'),
  /** Polygons → rings (validated areas have one ring each) → positions [lon, lat], closed. */
  coordinates: z.array(z.array(z.array(Position))),
});
export type MapArea = z.infer<typeof MapArea>;

export type MapAreaProblem =
  | 'notGeoJson' | 'noPolygon' | 'tooManyPolygons' | 'tooManyPoints' | 'holes' | 'notClosed' | 'tooFewPoints'
  | 'outsideCzechia' | 'selfIntersecting' | 'tooSmall' | 'tooLarge' | 'overlapping';
export type MapAreaCheck = { ok: true; area: MapArea } | { ok: false; problem: MapAreaProblem; polygon: number | null };

const fail = (problem: MapAreaProblem, polygon: number | null = null): MapAreaCheck => ({ ok: false, problem, polygon });
const isArray = Array.isArray;

/** Kilometres per degree of latitude. */
const KM_PER_DEG = (Math.PI / 180) * EARTH_RADIUS_KM;

/**
 * Checks an area as sent by a client (a GeoJSON Polygon or MultiPolygon geometry, or a Feature
 * holding one) and answers it in canonical form: a MultiPolygon, coordinates rounded to 6
 * decimals, consecutive repeated corners dropped, each ring counter-clockwise and starting at its
 * lowest corner. Counts are checked before any work that grows with them.
 */
export function checkMapArea(input: unknown): MapAreaCheck {
  let geometry = input as { type?: unknown; coordinates?: unknown; geometry?: unknown } | null;
  if (geometry && typeof geometry === 'object' && geometry.type === 'Feature') geometry = geometry.geometry as typeof geometry;
  if (!geometry || typeof geometry !== 'object' || !isArray(geometry.coordinates)) return fail('notGeoJson');
  let polygons: unknown[];
  if (geometry.type === 'Polygon') polygons = [geometry.coordinates];
  else if (geometry.type === 'MultiPolygon') polygons = geometry.coordinates;
  else return fail('notGeoJson');
  if (polygons.length === 0) return fail('noPolygon');
  if (polygons.length > MAP_AREA_LIMITS.maxPolygons) return fail('tooManyPolygons');

  let positions = 0;
  for (let p = 0; p < polygons.length; p++) {
    const rings = polygons[p];
    if (!isArray(rings) || rings.length === 0 || !rings.every(isArray)) return fail('notGeoJson', p);
    for (const ring of rings as unknown[][]) positions += Math.max(0, ring.length - 1);
  }
  if (positions > MAP_AREA_LIMITS.maxPoints) return fail('tooManyPoints');

  const canonical: number[][][][] = [];
  const flat: Float64Array[] = [];
  for (let p = 0; p < polygons.length; p++) {
    const rings = polygons[p] as unknown[][];
    if (rings.length > 1) return fail('holes', p);
    const ring = rings[0];
    if (!ring.every((q) => isArray(q) && (q.length === 2 || q.length === 3) && q.every((n) => typeof n === 'number' && Number.isFinite(n)))) return fail('notGeoJson', p);
    const raw = ring as number[][];
    if (raw.length < 2 || raw[0][0] !== raw[raw.length - 1][0] || raw[0][1] !== raw[raw.length - 1][1]) return fail('notClosed', p);
    const corners = cornersOf(raw);
    if (corners.length < 6) return fail('tooFewPoints', p);
    if (!withinCzechBounds(corners)) return fail('outsideCzechia', p);
    if (ringSelfIntersects(corners)) return fail('selfIntersecting', p);
    if (ringAreaKm2(corners) < MAP_AREA_LIMITS.minPolygonKm2) return fail('tooSmall', p);
    const oriented = canonicalRing(corners);
    flat.push(oriented);
    canonical.push([positionsOf(oriented)]);
  }
  const bounds = boundsOfRings(flat);
  const midLat = (bounds.south + bounds.north) / 2;
  const northSouthKm = (bounds.north - bounds.south) * KM_PER_DEG;
  const eastWestKm = (bounds.east - bounds.west) * KM_PER_DEG * Math.cos((midLat * Math.PI) / 180);
  if (northSouthKm > MAP_AREA_LIMITS.maxExtentKm || eastWestKm > MAP_AREA_LIMITS.maxExtentKm) return fail('tooLarge');
  for (let a = 0; a < flat.length; a++) {
    for (let b = a + 1; b < flat.length; b++) if (ringsMeet(flat[a], flat[b])) return fail('overlapping', b);
  }
  return { ok: true, area: { type: 'MultiPolygon', coordinates: canonical } };
}

/** A ring's corners as [lon, lat, lon, lat, …], rounded, without the closing repeat or consecutive repeats. */
function cornersOf(ring: number[][]): number[] {
  const out: number[] = [];
  for (let i = 0; i < ring.length - 1; i++) {
    const lon = Math.round(ring[i][0] * PRECISION) / PRECISION;
    const lat = Math.round(ring[i][1] * PRECISION) / PRECISION;
    const n = out.length;
    if (n >= 2 && out[n - 2] === lon && out[n - 1] === lat) continue;
    out.push(lon, lat);
  }
  while (out.length >= 4 && out[0] === out[out.length - 2] && out[1] === out[out.length - 1]) out.length -= 2;
  return out;
}

function withinCzechBounds(c: ArrayLike<number>): boolean {
  for (let i = 0; i < c.length; i += 2) {
    if (c[i] < CZECH_BOUNDS.west || c[i] > CZECH_BOUNDS.east || c[i + 1] < CZECH_BOUNDS.south || c[i + 1] > CZECH_BOUNDS.north) return false;
  }
  return true;
}

/** Counter-clockwise, starting at the lowest corner (least longitude, then latitude). */
function canonicalRing(c: number[]): Float64Array {
  const n = c.length / 2;
  const ccw = signedArea(c) > 0;
  const corner = (k: number) => (ccw ? k : n - 1 - k);
  let first = 0;
  for (let k = 1; k < n; k++) {
    const a = corner(k) * 2;
    const b = corner(first) * 2;
    if (c[a] < c[b] || (c[a] === c[b] && c[a + 1] < c[b + 1])) first = k;
  }
  const out = new Float64Array(c.length);
  for (let k = 0; k < n; k++) {
    const from = corner((first + k) % n) * 2;
    out[2 * k] = c[from];
    out[2 * k + 1] = c[from + 1];
  }
  return out;
}

const positionsOf = (c: ArrayLike<number>): number[][] => {
  const out: number[][] = [];
  for (let i = 0; i < c.length; i += 2) out.push([c[i], c[i + 1]]);
  out.push([c[0], c[1]]);
  return out;
};

/** Twice the signed area in degrees² (positive: counter-clockwise). */
function signedArea(c: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0, j = c.length - 2; i < c.length; j = i, i += 2) sum += (c[j] - c[i]) * (c[j + 1] + c[i + 1]);
  return sum;
}

/** A ring's area in km², the ring projected on the plane at its mean latitude (well under 1 % off at 100 km). */
function ringAreaKm2(c: ArrayLike<number>): number {
  let south = Infinity;
  let north = -Infinity;
  for (let i = 1; i < c.length; i += 2) (south = Math.min(south, c[i])), (north = Math.max(north, c[i]));
  const cos = Math.cos((((south + north) / 2) * Math.PI) / 180);
  return (Math.abs(signedArea(c)) / 2) * KM_PER_DEG * KM_PER_DEG * cos;
}

// Plane geometry on [lon, lat] pairs; `c` holds a ring's corners, a and b index corners.
const orient = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) => {
  const v = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  return v > 0 ? 1 : v < 0 ? -1 : 0;
};
const within = (a: number, b: number, v: number) => (a <= b ? a <= v && v <= b : b <= v && v <= a);
const onSegment = (ax: number, ay: number, bx: number, by: number, px: number, py: number) => within(ax, bx, px) && within(ay, by, py);

/** Whether segments ab and cd share any point (crossing, touching or overlapping). */
export function segmentsMeet(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): boolean {
  const o1 = orient(ax, ay, bx, by, cx, cy);
  const o2 = orient(ax, ay, bx, by, dx, dy);
  const o3 = orient(cx, cy, dx, dy, ax, ay);
  const o4 = orient(cx, cy, dx, dy, bx, by);
  if (o1 !== o2 && o3 !== o4) return true;
  return (o1 === 0 && onSegment(ax, ay, bx, by, cx, cy)) || (o2 === 0 && onSegment(ax, ay, bx, by, dx, dy))
    || (o3 === 0 && onSegment(cx, cy, dx, dy, ax, ay)) || (o4 === 0 && onSegment(cx, cy, dx, dy, bx, by));
}

/**
 * Whether a ring crosses or touches itself: two edges that are not neighbours meet, or two
 * neighbours fold back along each other. O(n²) edge pairs, bounded by `maxPoints`.
 */
export function ringSelfIntersects(c: ArrayLike<number>): boolean {
  const n = c.length / 2;
  for (let i = 0; i < n; i++) {
    const a = 2 * i;
    const b = 2 * ((i + 1) % n);
    const next = 2 * ((i + 2) % n);
    // Neighbours share a corner; they only overlap when the ring turns straight back.
    if (orient(c[a], c[a + 1], c[b], c[b + 1], c[next], c[next + 1]) === 0
      && (c[b] - c[a]) * (c[next] - c[b]) + (c[b + 1] - c[a + 1]) * (c[next + 1] - c[b + 1]) < 0) return true;
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      const d = 2 * j;
      const e = 2 * ((j + 1) % n);
      if (segmentsMeet(c[a], c[a + 1], c[b], c[b + 1], c[d], c[d + 1], c[e], c[e + 1])) return true;
    }
  }
  return false;
}

/**
 * Where a point lies against a ring of corners `c[from..to)`: 1 inside, 0 on an edge, -1 outside
 * (crossing number, with the edge test first so a point on an edge counts as on it).
 */
export function ringSide(c: ArrayLike<number>, from: number, to: number, x: number, y: number): 1 | 0 | -1 {
  let inside = false;
  for (let i = from, j = to - 2; i < to; j = i, i += 2) {
    const xi = c[i];
    const yi = c[i + 1];
    const xj = c[j];
    const yj = c[j + 1];
    if ((x - xi) * (yj - yi) === (y - yi) * (xj - xi) && within(xi, xj, x) && within(yi, yj, y)) return 0;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside ? 1 : -1;
}

/** Two rings share a point: an edge of one meets an edge of the other, or one lies inside the other. */
function ringsMeet(a: Float64Array, b: Float64Array): boolean {
  for (let i = 0; i < a.length; i += 2) {
    const i2 = (i + 2) % a.length;
    for (let j = 0; j < b.length; j += 2) {
      const j2 = (j + 2) % b.length;
      if (segmentsMeet(a[i], a[i + 1], a[i2], a[i2 + 1], b[j], b[j + 1], b[j2], b[j2 + 1])) return true;
    }
  }
  return ringSide(b, 0, b.length, a[0], a[1]) >= 0 || ringSide(a, 0, a.length, b[0], b[1]) >= 0;
}

/** An area's rings as flat corner lists, per polygon (the exterior first), for repeated tests. */
export type FlatArea = { polygons: Float64Array[][]; bounds: AreaBounds };
export type AreaBounds = { south: number; west: number; north: number; east: number };

function flatRing(ring: number[][]): Float64Array {
  const closed = ring.length > 1 && ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1];
  const n = closed ? ring.length - 1 : ring.length;
  const out = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) (out[2 * i] = ring[i][0]), (out[2 * i + 1] = ring[i][1]);
  return out;
}

function boundsOfRings(rings: Float64Array[]): AreaBounds {
  const b = { south: Infinity, west: Infinity, north: -Infinity, east: -Infinity };
  for (const c of rings) {
    for (let i = 0; i < c.length; i += 2) {
      b.west = Math.min(b.west, c[i]);
      b.east = Math.max(b.east, c[i]);
      b.south = Math.min(b.south, c[i + 1]);
      b.north = Math.max(b.north, c[i + 1]);
    }
  }
  return b;
}

export function flattenMapArea(area: MapArea): FlatArea {
  const polygons = area.coordinates.map((rings) => rings.map(flatRing).filter((r) => r.length >= 6));
  return { polygons, bounds: boundsOfRings(polygons.flat()) };
}

/** Inside a polygon or on its edge; with holes (unvalidated data), outside a hole's interior. */
function polygonHas(rings: Float64Array[], x: number, y: number): boolean {
  let inside = false;
  for (const ring of rings) {
    const side = ringSide(ring, 0, ring.length, x, y);
    if (side === 0) return true;
    if (side === 1) inside = !inside;
  }
  return inside;
}

/** Whether a point (longitude, latitude) lies in the area: inside a polygon or on its edge. */
export function flatAreaHas(area: FlatArea, lon: number, lat: number): boolean {
  const b = area.bounds;
  if (!(lat >= b.south && lat <= b.north && lon >= b.west && lon <= b.east)) return false;
  for (const rings of area.polygons) if (polygonHas(rings, lon, lat)) return true;
  return false;
}

export const pointInMapArea = (area: MapArea, point: GeoPoint): boolean => flatAreaHas(flattenMapArea(area), point.lon, point.lat);

/** An offer's point as an area tests it: only a GPS point tells where the property is. */
export const areaPointOf = (location: OfferLocation): GeoPoint | null => (location.resolvedBy === 'gps' ? location.point : null);

/** The area criterion: no area allows every offer; an area allows offers whose GPS point lies in it. */
export function mapAreaAllows(area: MapArea | null | undefined, location: OfferLocation): boolean {
  if (area == null) return true;
  const point = areaPointOf(location);
  return point != null && pointInMapArea(area, point);
}

/** Total area in km² and the number of polygons, for summaries ("2 polygons, ~14 km²"). */
export type MapAreaSize = { polygons: number; km2: number };

export function mapAreaSize(area: MapArea): MapAreaSize {
  let km2 = 0;
  for (const rings of flattenMapArea(area).polygons) rings.forEach((ring, i) => (km2 += (i === 0 ? 1 : -1) * ringAreaKm2(ring)));
  return { polygons: area.coordinates.length, km2 };
}

/** The centre of the area's bounding box. */
export function mapAreaCentre(area: MapArea): GeoPoint {
  const b = flattenMapArea(area).bounds;
  return { lat: (b.south + b.north) / 2, lon: (b.west + b.east) / 2 };
}

/**
 * The radius of a circle around `centre` that holds the whole area: the farthest corner or point
 * along an edge (eight per edge), plus 1 % and 0.5 km, rounded up to half a kilometre (areas near
 * one place then share a few circles, which the matcher's index stores once each). The account
 * service files an area's watchdog under such a circle, so the matcher's index finds it for every
 * offer in the area; the same number tells containment that the circle holds the area.
 */
export function enclosingRadiusKm(centre: GeoPoint, area: MapArea): number {
  let farthest = 0;
  for (const rings of flattenMapArea(area).polygons) {
    const c = rings[0];
    if (!c) continue;
    for (let i = 0; i < c.length; i += 2) {
      const j = (i + 2) % c.length;
      for (let s = 0; s < 8; s++) {
        const lon = c[i] + ((c[j] - c[i]) * s) / 8;
        const lat = c[i + 1] + ((c[j + 1] - c[i + 1]) * s) / 8;
        farthest = Math.max(farthest, distanceKm(centre, { lat, lon }));
      }
    }
  }
  return Math.ceil((farthest * 1.01 + 0.5) * 2) / 2;
}

/**
 * The circle an area watchdog is filed under: around the area's centre rounded to 0.01° (areas
 * drawn near each other share circles, which the matcher's index stores once each), with the
 * radius that holds the whole area. Around the area and not the centre of the place it is filed
 * under, so the index finds the watchdog only for offers near the area: an area 3 km from its
 * town's centre made a circle many times its size, and as many candidates to turn away.
 */
export function areaCircle(area: MapArea): { point: GeoPoint; radiusKm: number } {
  const centre = mapAreaCentre(area);
  const point = { lat: Math.round(centre.lat * 100) / 100, lon: Math.round(centre.lon * 100) / 100 };
  return { point, radiusKm: enclosingRadiusKm(point, area) };
}

/** The same corners in the same cyclic order (the canonical form makes equal rings equal arrays). */
function sameRing(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let shift = 0; shift < b.length; shift += 2) {
    let same = true;
    for (let i = 0; i < a.length && same; i += 2) {
      const j = (i + shift) % b.length;
      same = a[i] === b[j] && a[i + 1] === b[j + 1];
    }
    if (same) return true;
  }
  return false;
}

/**
 * Whether polygon `inner` (its exterior) lies inside polygon `outer`: the same ring, or every
 * corner strictly inside `outer`, no edge meeting any of `outer`'s rings, and no corner of a hole
 * of `outer` inside or on `inner`. Then `inner`'s boundary runs in `outer`'s interior, so all of
 * it does. Conservative: an inner polygon touching the outer edge is not counted as inside.
 */
function polygonInside(inner: Float64Array[], outer: Float64Array[]): boolean {
  const ring = inner[0];
  if (!ring || !outer[0]) return false;
  if (outer.length === 1 && sameRing(ring, outer[0])) return true;
  for (let i = 0; i < ring.length; i += 2) {
    if (ringSide(outer[0], 0, outer[0].length, ring[i], ring[i + 1]) !== 1) return false;
  }
  for (const o of outer) {
    for (let i = 0; i < ring.length; i += 2) {
      const i2 = (i + 2) % ring.length;
      for (let j = 0; j < o.length; j += 2) {
        const j2 = (j + 2) % o.length;
        if (segmentsMeet(ring[i], ring[i + 1], ring[i2], ring[i2 + 1], o[j], o[j + 1], o[j2], o[j2 + 1])) return false;
      }
    }
  }
  for (const hole of outer.slice(1)) {
    for (let j = 0; j < hole.length; j += 2) if (ringSide(ring, 0, ring.length, hole[j], hole[j + 1]) >= 0) return false;
  }
  return true;
}

/**
 * Containment for the creation outcomes: every offer the narrower area allows, the broader one
 * allows. No area allows everything; an area never covers "no area" (that one also takes offers
 * outside it and offers known by text only).
 */
export function mapAreaContains(broader: MapArea | null | undefined, narrower: MapArea | null | undefined): boolean {
  if (broader == null) return true;
  if (narrower == null) return false;
  const outer = flattenMapArea(broader).polygons;
  return flattenMapArea(narrower).polygons.every((inner) => outer.some((o) => polygonInside(inner, o)));
}

/** Whether one of the circles (places with a centre and radius) holds the whole area (see `enclosingRadiusKm`). */
export function circlesHoldArea(circles: ReadonlyArray<{ point?: GeoPoint | null; radiusKm?: number }>, area: MapArea): boolean {
  return circles.some((c) => c.point != null && (c.radiusKm ?? 0) > 0 && (c.radiusKm ?? 0) >= enclosingRadiusKm(c.point, area));
}

const AREA_WORDS = {
  cs: { label: 'Oblast na mapě', one: 'oblast', few: 'oblasti', many: 'oblastí' },
  en: { label: 'Area on the map', one: 'area', few: 'areas', many: 'areas' },
} as const;

/**
 * "Oblast na mapě: 2 oblasti (~3,4 km²)" / "Area on the map: 2 areas (~3.4 km²)": how e-mails tell a
 * watchdog's area (an image would need map tiles; the watchdog's page shows the map). The size has
 * two significant digits at most and never reads as 0.
 */
export function mapAreaSummary(size: MapAreaSize, locale: 'cs' | 'en'): string {
  const words = AREA_WORDS[locale];
  const n = size.polygons;
  const noun = n === 1 ? words.one : n >= 2 && n <= 4 ? words.few : words.many;
  const digits = size.km2 < 1 ? 2 : size.km2 < 10 ? 1 : 0;
  const shown = Math.max(size.km2, 0.01);
  const km2 = new Intl.NumberFormat(locale === 'cs' ? 'cs-CZ' : 'en-GB', { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(shown);
  return `${words.label}: ${n} ${noun} (~${km2} km²)`;
}

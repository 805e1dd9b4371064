import { EARTH_RADIUS_KM, distanceKm } from '@rr/proto';
import { float32Down, float32Up } from './entry-rows';

/**
 * The distinct surrounding-area circles of the index (a place's code, centre and radius), each with
 * a compact 24-byte record that a lookup reads for every circle entry it meets: 27 k circles of
 * the Czech market take 650 kB, which stays in the core's cache where the 40-byte float64 record
 * did not. Records: centre latitude and longitude and cos latitude (float32), the haversine values
 * below which a point is surely inside and above which it is surely outside (float32, with the
 * centre's rounding and the arithmetic's error as margin), and the place's code id (int32). A
 * point between the two is settled exactly (`exactlyWithin`, the float64 centre and radius, as
 * `distanceKm` computes it): a band of well under a metre around each edge.
 */
export const FAST_WORDS = 6;
export const FAST_LAT = 0;
export const FAST_LON = 1;
export const FAST_COS = 2;
export const FAST_INSIDE = 3;
export const FAST_OUTSIDE = 4;
export const FAST_CODE = 5;

/** Half a degree in radians: the haversine bounds work on half the differences of the coordinates. */
export const HALF_RADIAN = Math.PI / 360;
/** Relative margin on the haversine value for float32 cos latitude and float64 arithmetic. */
const RELATIVE_MARGIN = 1e-6;
const EXACT_WORDS = 3;

const haversineOf = (km: number) => Math.sin(Math.min(Math.PI / 2, km / (2 * EARTH_RADIUS_KM))) ** 2;

export class CircleTable {
  /** `FAST_WORDS` per circle, read through a float and an int view. */
  fastFloats = new Float32Array(64 * FAST_WORDS);
  fastInts = new Int32Array(this.fastFloats.buffer);
  /** Centre latitude, longitude and radius as given, for the exact check. */
  private exact = new Float64Array(64 * EXACT_WORDS);
  private count = 0;
  /** Circle ids by a number mixed from code, centre and radius (a clash files a circle of its own). */
  private readonly ids = new Map<number, number>();

  get size(): number {
    return this.count;
  }

  /** The id of a place's circle, adding it when new. */
  idOf(code: number, point: { lat: number; lon: number }, radiusKm: number): number {
    const key = point.lat * 1e9 + point.lon * 1e4 + radiusKm + code * 1e-3;
    const known = this.ids.get(key);
    if (known !== undefined && this.is(known, code, point, radiusKm)) return known;
    const id = this.count++;
    if (this.count * FAST_WORDS > this.fastFloats.length) this.grow();
    this.ids.set(key, id);
    const e = id * EXACT_WORDS;
    this.exact[e] = point.lat;
    this.exact[e + 1] = point.lon;
    this.exact[e + 2] = radiusKm;
    const f = id * FAST_WORDS;
    const lat32 = Math.fround(point.lat);
    const lon32 = Math.fround(point.lon);
    this.fastFloats[f + FAST_LAT] = lat32;
    this.fastFloats[f + FAST_LON] = lon32;
    this.fastFloats[f + FAST_COS] = Math.cos((lat32 * Math.PI) / 180);
    // The record's centre is the float32 one: a point's distance to it differs from its distance
    // to the true centre by at most the distance between the two (bounded generously here).
    const shift = ((Math.abs(lat32 - point.lat) + Math.abs(lon32 - point.lon)) * Math.PI * EARTH_RADIUS_KM) / 180;
    const moved = shift * 1.01 + 1e-12;
    this.fastFloats[f + FAST_INSIDE] = radiusKm > moved ? float32Down(haversineOf(radiusKm - moved) * (1 - RELATIVE_MARGIN)) : -1;
    this.fastFloats[f + FAST_OUTSIDE] = (radiusKm + moved) / (2 * EARTH_RADIUS_KM) < Math.PI / 2 ? float32Up(haversineOf(radiusKm + moved) * (1 + RELATIVE_MARGIN)) : Infinity;
    this.fastInts[f + FAST_CODE] = code;
    return id;
  }

  centreOf(id: number): { lat: number; lon: number; radiusKm: number } {
    const e = id * EXACT_WORDS;
    return { lat: this.exact[e], lon: this.exact[e + 1], radiusKm: this.exact[e + 2] };
  }

  /** `distanceKm(centre, point) <= radius`, exactly as the criteria define it. */
  exactlyWithin(id: number, lat: number, lon: number): boolean {
    const e = id * EXACT_WORDS;
    return distanceKm({ lat: this.exact[e], lon: this.exact[e + 1] }, { lat, lon }) <= this.exact[e + 2];
  }

  /**
   * Whether a point is within the circle: the cheap bounds of the lookup (x² − x⁴/3 ≤ sin²x ≤ x²
   * against the record's thresholds), the exact check only between them. The lookup inlines this.
   */
  contains(id: number, lat: number, lon: number): boolean {
    const f = id * FAST_WORDS;
    const d = this.fastFloats;
    const x = (lat - d[f + FAST_LAT]) * HALF_RADIAN;
    const y = (lon - d[f + FAST_LON]) * HALF_RADIAN;
    const cc = d[f + FAST_COS] * Math.cos((lat * Math.PI) / 180);
    const x2 = x * x;
    const y2 = y * y;
    const upper = x2 + cc * y2;
    if (upper < d[f + FAST_INSIDE]) return true;
    if (upper - (x2 * x2 + cc * y2 * y2) / 3 > d[f + FAST_OUTSIDE]) return false;
    return this.exactlyWithin(id, lat, lon);
  }

  private is(id: number, code: number, point: { lat: number; lon: number }, radiusKm: number): boolean {
    const e = id * EXACT_WORDS;
    return this.exact[e] === point.lat && this.exact[e + 1] === point.lon && this.exact[e + 2] === radiusKm && this.fastInts[id * FAST_WORDS + FAST_CODE] === code;
  }

  private grow(): void {
    const floats = new Float32Array(this.fastFloats.length * 2);
    floats.set(this.fastFloats);
    this.fastFloats = floats;
    this.fastInts = new Int32Array(floats.buffer);
    const exact = new Float64Array(this.exact.length * 2);
    exact.set(this.exact);
    this.exact = exact;
  }
}


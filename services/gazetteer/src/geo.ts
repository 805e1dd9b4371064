import { EARTH_RADIUS_KM, type GeoPoint } from '@rr/proto';

/** The one haversine of the system lives in proto, beside the matcher's radius semantics. */
export { distanceKm } from '@rr/proto';

const rad = (deg: number) => (deg * Math.PI) / 180;

/** The Czech Republic with a margin; points outside are not ours (or lat/lon swapped). */
export const CZ_BOUNDS = { minLat: 48.45, maxLat: 51.15, minLon: 12.0, maxLon: 18.95 } as const;

export const insideCzechia = (p: GeoPoint) =>
  p.lat >= CZ_BOUNDS.minLat && p.lat <= CZ_BOUNDS.maxLat && p.lon >= CZ_BOUNDS.minLon && p.lon <= CZ_BOUNDS.maxLon;

/** Cells of 0.1° latitude × 0.15° longitude, about 11 km square at Czech latitudes. */
const CELL_LAT = 0.1;
const CELL_LON = 0.15;

/**
 * A fixed grid over points, so a nearest lookup reads the items near one cell instead of every
 * point. Each cell keeps, in one array, the items of every cell within `rings` of it: a lookup is
 * a single array scan (the neighbourhoods are shared by reference where they are empty).
 */
export class GridIndex<T extends { point: GeoPoint }> {
  private readonly near = new Map<number, T[]>();
  private static readonly NONE: never[] = [];

  constructor(items: readonly T[], rings: number) {
    const cells = new Map<number, T[]>();
    for (const item of items) {
      const key = keyOf(cellOf(item.point));
      const cell = cells.get(key);
      if (cell) cell.push(item);
      else cells.set(key, [item]);
    }
    // Only cells that some item is near need a neighbourhood; the rest answer NONE.
    for (const key of cells.keys()) {
      const [row, col] = rowColOf(key);
      for (let r = row - rings; r <= row + rings; r++) {
        for (let c = col - rings; c <= col + rings; c++) {
          const target = keyOf([r, c]);
          if (this.near.has(target)) continue;
          const around: T[] = [];
          for (let rr = r - rings; rr <= r + rings; rr++) {
            for (let cc = c - rings; cc <= c + rings; cc++) around.push(...(cells.get(keyOf([rr, cc])) ?? []));
          }
          this.near.set(target, around);
        }
      }
    }
  }

  /** Items in the cells within `rings` cells of the point's cell. */
  around(point: GeoPoint): readonly T[] {
    return this.near.get(keyOf(cellOf(point))) ?? GridIndex.NONE;
  }
}

const KEY_COLS = 10_000;

function cellOf(p: GeoPoint): [number, number] {
  return [Math.floor(p.lat / CELL_LAT), Math.floor(p.lon / CELL_LON)];
}

function keyOf([row, col]: [number, number]): number {
  return row * KEY_COLS + col;
}

function rowColOf(key: number): [number, number] {
  // Rows and columns are positive over Czechia, so the key splits back by division.
  return [Math.floor(key / KEY_COLS), key % KEY_COLS];
}

/** Equirectangular distance, accurate enough to rank candidates a few km apart, and cheap. */
export function quickDistanceKm(a: GeoPoint, b: GeoPoint): number {
  const x = rad(b.lon - a.lon) * Math.cos(rad((a.lat + b.lat) / 2));
  const y = rad(b.lat - a.lat);
  return Math.sqrt(x * x + y * y) * EARTH_RADIUS_KM;
}

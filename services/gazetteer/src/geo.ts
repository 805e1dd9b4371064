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

/** A fixed grid over points, so a nearest lookup reads a few cells instead of every point. */
export class GridIndex<T extends { point: GeoPoint }> {
  private readonly cells = new Map<number, T[]>();

  constructor(items: readonly T[]) {
    for (const item of items) {
      const key = this.keyOf(this.cellOf(item.point));
      const cell = this.cells.get(key);
      if (cell) cell.push(item);
      else this.cells.set(key, [item]);
    }
  }

  /** Items in the cells within `rings` cells of the point's cell. */
  *around(point: GeoPoint, rings: number): Generator<T> {
    const [row, col] = this.cellOf(point);
    for (let r = row - rings; r <= row + rings; r++) {
      for (let c = col - rings; c <= col + rings; c++) {
        const cell = this.cells.get(this.keyOf([r, c]));
        if (cell) yield* cell;
      }
    }
  }

  private cellOf(p: GeoPoint): [number, number] {
    return [Math.floor(p.lat / CELL_LAT), Math.floor(p.lon / CELL_LON)];
  }

  private keyOf([row, col]: [number, number]): number {
    return row * 10_000 + col;
  }
}

/** Equirectangular distance, accurate enough to rank candidates a few km apart, and cheap. */
export function quickDistanceKm(a: GeoPoint, b: GeoPoint): number {
  const x = rad(b.lon - a.lon) * Math.cos(rad((a.lat + b.lat) / 2));
  const y = rad(b.lat - a.lat);
  return Math.sqrt(x * x + y * y) * EARTH_RADIUS_KM;
}

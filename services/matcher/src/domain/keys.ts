import { EARTH_RADIUS_KM, type GeoPoint } from '@rr/proto';

/**
 * Geo grid cells at seven sizes, doubling from about 5.5 to 356 km north–south (east–west a
 * little wider, near square in Czechia). A surrounding-area circle is filed under the cells of the
 * smallest size at least its diameter, so in Czechia it covers at most 2 × 2 cells, of which it
 * fills 5–20 % (the radius check rejects the rest; cells of the radius' size would halve that
 * waste for twice the entries and build time); an offer looks up its one cell of each size.
 */
const CELL_LAT_DEG = [0.05, 0.1, 0.2, 0.4, 0.8, 1.6, 3.2] as const;
const CELL_LON_DEG = CELL_LAT_DEG.map((d) => d * 1.6);
const KM_PER_DEG = (EARTH_RADIUS_KM * Math.PI) / 180;
/** Keeps the bounding box conservative against rounding. */
const MARGIN_DEG = 1e-7;

const cellNumber = (level: number, iy: number, ix: number) => (level * 8192 + iy + 4096) * 8192 + ix + 4096;

export const CELL_LEVELS = CELL_LAT_DEG.length;

/** The cell of a point at one level; an offer looks up one cell per level. */
export function cellOf(point: GeoPoint, level: number): number {
  return cellNumber(level, Math.floor(point.lat / CELL_LAT_DEG[level]), Math.floor(point.lon / CELL_LON_DEG[level]));
}

export function cellsOf(point: GeoPoint): number[] {
  return CELL_LAT_DEG.map((_, level) => cellOf(point, level));
}

/** Every cell that a point within `radiusKm` (great-circle) of `center` can fall in. */
export function cellsAround(center: GeoPoint, radiusKm: number): number[] {
  let level = CELL_LAT_DEG.findIndex((size) => size * KM_PER_DEG >= 2 * radiusKm);
  if (level < 0) level = CELL_LAT_DEG.length - 1;
  const angle = radiusKm / EARTH_RADIUS_KM;
  const dLat = (angle * 180) / Math.PI + MARGIN_DEG;
  // The widest longitude a spherical cap reaches; near a pole it wraps entirely.
  const ratio = Math.sin(Math.min(angle, Math.PI / 2)) / Math.cos((center.lat * Math.PI) / 180);
  const dLon = ratio >= 1 ? 180 : (Math.asin(ratio) * 180) / Math.PI + MARGIN_DEG;
  const latSize = CELL_LAT_DEG[level];
  const lonSize = CELL_LON_DEG[level];
  const cells: number[] = [];
  for (let iy = Math.floor((center.lat - dLat) / latSize); iy <= Math.floor((center.lat + dLat) / latSize); iy++) {
    for (let ix = Math.floor((center.lon - dLon) / lonSize); ix <= Math.floor((center.lon + dLon) / lonSize); ix++) {
      cells.push(cellNumber(level, iy, ix));
    }
  }
  return cells;
}

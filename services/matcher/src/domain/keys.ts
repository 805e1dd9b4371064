import { EARTH_RADIUS_KM, type GeoPoint } from '@rr/proto';

/**
 * Geo grid cells for surrounding-area circles. A circle is filed under every cell it can touch;
 * an offer looks up the one cell it lies in at each level. Circles up to 25 km go to cells of
 * 0.15° × 0.24° (about 17 km square in Czechia; a 25 km circle touches at most 4 × 4), larger
 * ones (the product allows 100 km) to cells four times as large, so no circle in Czechia touches
 * more than 16. Nearly every circle is on the first level, so an offer reads one cell's entries,
 * and cells about the size of the circles keep the share of entries outside their circle low.
 * Measured against cells sized to each circle's diameter (7 levels): about a quarter more offers
 * a second for ~10 % more entries (docs/decisions.md, "Matching").
 */
const LEVELS = [
  { latDeg: 0.15, lonDeg: 0.24, maxRadiusKm: 25 },
  { latDeg: 0.6, lonDeg: 0.96, maxRadiusKm: Infinity },
] as const;
/** Keeps the bounding box conservative against rounding. */
const MARGIN_DEG = 1e-7;

const cellNumber = (level: number, iy: number, ix: number) => (level * 8192 + iy + 4096) * 8192 + ix + 4096;

export const CELL_LEVELS = LEVELS.length;

/** The cell of a point at one level; an offer looks up one cell per level. */
export function cellOf(point: GeoPoint, level: number): number {
  const { latDeg, lonDeg } = LEVELS[level];
  return cellNumber(level, Math.floor(point.lat / latDeg), Math.floor(point.lon / lonDeg));
}

export function cellsOf(point: GeoPoint): number[] {
  return LEVELS.map((_, level) => cellOf(point, level));
}

/** Every cell that a point within `radiusKm` (great-circle) of `center` can fall in. */
export function cellsAround(center: GeoPoint, radiusKm: number): number[] {
  const level = LEVELS.findIndex((l) => radiusKm <= l.maxRadiusKm);
  const { latDeg, lonDeg } = LEVELS[level];
  const angle = radiusKm / EARTH_RADIUS_KM;
  const dLat = (angle * 180) / Math.PI + MARGIN_DEG;
  // The widest longitude a spherical cap reaches; near a pole it wraps entirely.
  const ratio = Math.sin(Math.min(angle, Math.PI / 2)) / Math.cos((center.lat * Math.PI) / 180);
  const dLon = ratio >= 1 ? 180 : (Math.asin(ratio) * 180) / Math.PI + MARGIN_DEG;
  const cells: number[] = [];
  for (let iy = Math.floor((center.lat - dLat) / latDeg); iy <= Math.floor((center.lat + dLat) / latDeg); iy++) {
    for (let ix = Math.floor((center.lon - dLon) / lonDeg); ix <= Math.floor((center.lon + dLon) / lonDeg); ix++) {
      cells.push(cellNumber(level, iy, ix));
    }
  }
  return cells;
}

import { EARTH_RADIUS_KM, distanceKm, type GeoPoint } from '@rr/proto';

/**
 * Geo grid cells for surrounding-area circles. A circle is filed under every cell it can touch;
 * an offer looks up the one cell it lies in at each level. Circles up to 25 km go to cells of
 * 0.15° × 0.24° (about 17 km square in Czechia; a 25 km circle touches at most 4 × 4), larger
 * ones (the product allows 100 km) to cells four times as large, so no circle in Czechia touches
 * more than 16. Nearly every circle is on the first level, so an offer reads one cell's entries,
 * and cells about the size of the circles keep the share of entries outside their circle low.
 * Measured against cells sized to each circle's diameter (7 levels): about a quarter more offers
 * a second for ~10 % more entries (docs/decisions.md, "Matching"). Each entry also carries the
 * 4 × 4 sub-cells of its cell that the circle reaches, which turns most points outside it away
 * before the exact distance.
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

/** A cell's side is cut in 4: a circle's entry in a cell knows which of its 16 sub-cells the circle reaches. */
const SUBCELLS_PER_SIDE = 4;
/** Slack for the nearest-point distance (clamping latitude and longitude is exact only along a meridian): 50 m, and 0.1 %. */
const REACH_SLACK_KM = 0.05;
const REACH_SLACK = 1.001;

/** The sub-cell (bit `row × 4 + column`) of a point in its cell at one level; circle entries carry a mask of these. */
export function subcellOf(point: GeoPoint, level: number): number {
  const { latDeg, lonDeg } = LEVELS[level];
  const y = point.lat / latDeg;
  const x = point.lon / lonDeg;
  const row = Math.min(SUBCELLS_PER_SIDE - 1, Math.floor((y - Math.floor(y)) * SUBCELLS_PER_SIDE));
  const column = Math.min(SUBCELLS_PER_SIDE - 1, Math.floor((x - Math.floor(x)) * SUBCELLS_PER_SIDE));
  return row * SUBCELLS_PER_SIDE + column;
}

/**
 * Every cell that a point within `radiusKm` (great-circle) of `center` can fall in, with the mask
 * of its sub-cells such a point can fall in (cells of the bounding box that the circle misses are
 * left out). Conservative: a sub-cell whose nearest point is a hair beyond the radius is kept.
 */
export function cellsAround(center: GeoPoint, radiusKm: number): Array<{ cell: number; subcells: number }> {
  const level = LEVELS.findIndex((l) => radiusKm <= l.maxRadiusKm);
  const { latDeg, lonDeg } = LEVELS[level];
  const angle = radiusKm / EARTH_RADIUS_KM;
  const dLat = (angle * 180) / Math.PI + MARGIN_DEG;
  // The widest longitude a spherical cap reaches; near a pole it wraps entirely (and every sub-cell counts).
  const ratio = Math.sin(Math.min(angle, Math.PI / 2)) / Math.cos((center.lat * Math.PI) / 180);
  const wraps = ratio >= 1;
  const dLon = wraps ? 180 : (Math.asin(ratio) * 180) / Math.PI + MARGIN_DEG;
  const reach = radiusKm * REACH_SLACK + REACH_SLACK_KM;
  const cells: Array<{ cell: number; subcells: number }> = [];
  for (let iy = Math.floor((center.lat - dLat) / latDeg); iy <= Math.floor((center.lat + dLat) / latDeg); iy++) {
    for (let ix = Math.floor((center.lon - dLon) / lonDeg); ix <= Math.floor((center.lon + dLon) / lonDeg); ix++) {
      let subcells = 0;
      for (let row = 0; row < SUBCELLS_PER_SIDE; row++) {
        for (let column = 0; column < SUBCELLS_PER_SIDE; column++) {
          const south = ((iy + row / SUBCELLS_PER_SIDE) * latDeg) - MARGIN_DEG;
          const north = ((iy + (row + 1) / SUBCELLS_PER_SIDE) * latDeg) + MARGIN_DEG;
          const west = ((ix + column / SUBCELLS_PER_SIDE) * lonDeg) - MARGIN_DEG;
          const east = ((ix + (column + 1) / SUBCELLS_PER_SIDE) * lonDeg) + MARGIN_DEG;
          const nearest = { lat: Math.min(north, Math.max(south, center.lat)), lon: Math.min(east, Math.max(west, center.lon)) };
          if (wraps || distanceKm(center, nearest) <= reach) subcells |= 1 << (row * SUBCELLS_PER_SIDE + column);
        }
      }
      if (subcells !== 0) cells.push({ cell: cellNumber(level, iy, ix), subcells });
    }
  }
  return cells;
}

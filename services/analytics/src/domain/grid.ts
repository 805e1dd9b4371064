import type { GeoPoint } from '@rr/proto';

/**
 * Grid cells for radius reports (docs/decisions.md, "Price analytics"). Every offer with a point
 * is also filed under its cell at each level, the level's cell as wide as its radius step. A
 * report for a point and radius R reads the 2 × 2 cells of side R around the grid corner nearest
 * the point: a square of side 2R that reaches at least R/2 and at most 3R/2 from the point in
 * every direction (area 4R², about the circle's 3.1R²). Four indexed bucket keys per step
 * wherever the point is — FerretDB's cost grows with the keys read, so a finer ring of cells
 * (~20 keys a step) was measured several times slower.
 */
export const GRID_LEVELS_KM = [2, 5, 10, 20, 30] as const;

// A plane around Czechia's middle latitude (49.8°): km per degree; within the country the
// east–west scale is off by under 2.5 %, well inside a cell.
const KM_PER_LAT = 110.57;
const KM_PER_LON = 111.32 * Math.cos((49.8 * Math.PI) / 180);

const toPlane = (p: GeoPoint) => ({ x: p.lon * KM_PER_LON, y: p.lat * KM_PER_LAT });

/** The bucket key of one cell: `g<cellKm>:<column>:<row>`. */
const cellKey = (cellKm: number, col: number, row: number) => `g${cellKm}:${col}:${row}`;

/** The point's cell at every level (one bucket key each). */
export function gridKeysOf(point: GeoPoint): string[] {
  const { x, y } = toPlane(point);
  return GRID_LEVELS_KM.map((km) => cellKey(km, Math.floor(x / km), Math.floor(y / km)));
}

/** The level that answers a radius: the smallest step covering it (the largest beyond the last). */
export function levelFor(radiusKm: number): number {
  return GRID_LEVELS_KM.find((km) => km >= radiusKm) ?? GRID_LEVELS_KM[GRID_LEVELS_KM.length - 1];
}

/** The four cells around the grid corner nearest the point, at the level for the radius. */
export function cellsAround(point: GeoPoint, radiusKm: number): string[] {
  const km = levelFor(radiusKm);
  const { x, y } = toPlane(point);
  const col = Math.round(x / km);
  const row = Math.round(y / km);
  return [cellKey(km, col - 1, row - 1), cellKey(km, col, row - 1), cellKey(km, col - 1, row), cellKey(km, col, row)];
}

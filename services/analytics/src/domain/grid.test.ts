import { GRID_LEVELS_KM, cellsAround, gridKeysOf, levelFor } from './grid';

const BRNO = { lat: 49.1951, lon: 16.6068 };
const KM_LAT = 110.57;
const KM_LON = 111.32 * Math.cos((49.8 * Math.PI) / 180);
const moved = (p: { lat: number; lon: number }, northKm: number, eastKm: number) => ({ lat: p.lat + northKm / KM_LAT, lon: p.lon + eastKm / KM_LON });

describe('grid cells for radius reports', () => {
  it('files a point under one cell per level', () => {
    const keys = gridKeysOf(BRNO);
    expect(keys.map((k) => k.split(':')[0])).toEqual(GRID_LEVELS_KM.map((km) => `g${km}`));
  });

  it('answers any radius from four cells of the level made for it', () => {
    for (const km of GRID_LEVELS_KM) {
      const cells = cellsAround(BRNO, km);
      expect(new Set(cells).size).toBe(4);
      expect(cells.every((c) => c.startsWith(`g${km}:`))).toBe(true);
    }
  });

  it('reaches at least half the radius from the point in every direction, wherever the point lies', () => {
    for (const [n, e] of [[0, 0], [0.3, 0.7], [-1.9, 2.4], [4.4, -3.1]]) {
      const p = moved(BRNO, n, e);
      const level = GRID_LEVELS_KM.indexOf(5);
      const cells = cellsAround(p, 5);
      for (const [dn, de] of [[2.4, 0], [-2.4, 0], [0, 2.4], [0, -2.4], [1.7, 1.7], [-1.7, -1.7]]) {
        expect(cells).toContain(gridKeysOf(moved(p, dn, de))[level]);
      }
      for (const [dn, de] of [[7.6, 0], [-7.6, 0], [0, 7.6], [0, -7.6]]) {
        expect(cells).not.toContain(gridKeysOf(moved(p, dn, de))[level]);
      }
    }
  });

  it('uses the level made for the radius, the largest beyond the last step', () => {
    expect(levelFor(2)).toBe(2);
    expect(levelFor(3)).toBe(5);
    expect(levelFor(100)).toBe(30);
  });
});

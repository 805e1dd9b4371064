import { EARTH_RADIUS_KM, distanceKm } from '@rr/proto';
import { CircleTable } from './circles';

/** A tiny deterministic random source, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0) / 2 ** 32);
}

/** The point `km` from `center` on a bearing (great circle). */
function pointAt(center: { lat: number; lon: number }, km: number, bearing: number) {
  const d = km / EARTH_RADIUS_KM;
  const lat1 = (center.lat * Math.PI) / 180;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing));
  const lon2 = (center.lon * Math.PI) / 180 + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: (lat2 * 180) / Math.PI, lon: (lon2 * 180) / Math.PI };
}

describe('CircleTable', () => {
  it('agrees with distanceKm at and beside the edge, for centres float32 cannot hold, near the poles too', () => {
    const next = random(5);
    const table = new CircleTable();
    let inside = 0;
    let outside = 0;
    for (let i = 0; i < 400; i++) {
      const polar = next() < 0.2;
      const center = { lat: polar ? 89.9 - next() * 0.5 : 48 + next() * 4 + 1e-7 * next(), lon: -180 + next() * 360 };
      const radius = [0.05, 0.3, 2, 5.5, 25, 80, 400, 19_000][i % 8] * (1 + next() * 1e-3);
      const id = table.idOf(i % 7, center, radius);
      for (let k = 0; k < 40; k++) {
        // Around the edge (within metres and within float rounding), and well inside and outside.
        const offset = [1e-9, 1e-6, 1e-3, 0.01, 0.5][k % 5] * (next() < 0.5 ? -1 : 1);
        const km = k % 8 === 7 ? radius * next() * 2 : Math.max(0, radius + offset);
        const point = pointAt(center, km, next() * 2 * Math.PI);
        const expected = distanceKm(center, point) <= radius;
        expect({ i, k, within: table.contains(id, point.lat, point.lon) }).toEqual({ i, k, within: expected });
        if (expected) inside++;
        else outside++;
      }
    }
    expect(inside).toBeGreaterThan(1000);
    expect(outside).toBeGreaterThan(1000);
  });

  it('keeps one circle per place code, centre and radius', () => {
    const table = new CircleTable();
    const brno = { lat: 49.1951, lon: 16.6068 };
    const a = table.idOf(1, brno, 10);
    expect(table.idOf(1, { ...brno }, 10)).toBe(a);
    expect(table.idOf(2, brno, 10)).not.toBe(a);
    expect(table.idOf(1, brno, 5)).not.toBe(a);
    expect(table.size).toBe(3);
  });
});

import { distanceKm, getGazetteer } from '../src';

const g = getGazetteer();

/** A small deterministic generator, so a failure names the same points again. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

describe('municipalities near a point (radius searches)', () => {
  it('reaches every point located in a municipality, for random points over Czechia', () => {
    const next = random(17);
    let checked = 0;
    const outside: string[] = [];
    for (let i = 0; i < 50_000; i++) {
      const point = { lat: 48.5 + next() * 2.6, lon: 12.1 + next() * 6.8 };
      const at = g.resolveByPoint(point.lat, point.lon);
      if (!at) continue;
      const m = at.municipality;
      if (distanceKm(m.point, point) > g.reachKm(m.code)!) outside.push(`${point.lat},${point.lon} in ${m.name}`);
      checked++;
    }
    expect(outside).toEqual([]);
    expect(checked).toBeGreaterThan(30_000);
  });

  it('holds the municipality of a point within the radius (the reach meets the circle)', () => {
    const next = random(5);
    for (let i = 0; i < 40; i++) {
      const centre = { lat: 48.8 + next() * 2, lon: 12.6 + next() * 5.8 };
      const radiusKm = [1, 5, 20, 50][i % 4];
      const angle = next() * 2 * Math.PI;
      const km = next() * radiusKm;
      const point = { lat: centre.lat + (km / 111.2) * Math.cos(angle), lon: centre.lon + (km / (111.2 * Math.cos((centre.lat * Math.PI) / 180))) * Math.sin(angle) };
      const at = g.resolveByPoint(point.lat, point.lon);
      if (!at || distanceKm(centre, point) > radiusKm) continue;
      expect(g.municipalitiesNear(centre, radiusKm).some((m) => m.code === at.municipality.code)).toBe(true);
    }
  });

  it('is the neighbourhood, not the country: Brno and 10 km hold Brno and its neighbours, not Praha', () => {
    const brno = g.placeByCode('municipality', '582786')!;
    const near = g.municipalitiesNear(brno.point, 10);
    const codes = new Set(near.map((m) => m.code));
    expect(codes.has('582786')).toBe(true);
    expect(codes.has('554782')).toBe(false);
    // Šlapanice lies ~8 km east of Brno's centre.
    expect(near.some((m) => m.name === 'Šlapanice')).toBe(true);
    expect(near.length).toBeGreaterThan(20);
    expect(near.length).toBeLessThan(400);
  });
});

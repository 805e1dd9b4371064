import { checkMapArea, mapAreaAllows, type MapArea, type OfferLocation } from '@rr/proto';
import { AreaFilter } from './area-filter';

const ring = (...corners: number[][]) => [...corners, corners[0]];
const star = (lon: number, lat: number, corners: number, random: () => number): number[][] =>
  ring(...Array.from({ length: corners }, (_, k) => {
    const angle = (2 * Math.PI * k) / corners;
    const reach = 0.01 + 0.03 * random();
    return [lon + reach * Math.cos(angle) * 1.5, lat + reach * Math.sin(angle)];
  }));
const located = (lon: number, lat: number, resolvedBy: OfferLocation['resolvedBy'] = 'gps') => ({
  location: { name: 'x', municipalityCode: null, districtCode: null, regionCode: null, point: { lat, lon }, resolvedBy },
});

describe('AreaFilter', () => {
  it('answers as mapAreaAllows for every area and offer point', () => {
    let seed = 11;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const areas: MapArea[] = [];
    while (areas.length < 60) {
      const polygons = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, i) => [star(16.5 + i * 0.12, 49.2, 3 + Math.floor(random() * 20), random)]);
      const check = checkMapArea({ type: 'MultiPolygon', coordinates: polygons });
      if (check.ok) areas.push(check.area);
    }
    const filter = new AreaFilter();
    areas.forEach((a, slot) => filter.set(2 * slot, a)); // every other slot has no area
    let inside = 0;
    for (let i = 0; i < 200; i++) {
      const offer = located(16.45 + random() * 0.4, 49.15 + random() * 0.1, random() < 0.1 ? 'text' : 'gps');
      filter.begin(offer);
      areas.forEach((a, slot) => {
        expect(filter.has(2 * slot)).toBe(true);
        expect(filter.has(2 * slot + 1)).toBe(false);
        const expected = mapAreaAllows(a, offer.location);
        expect(filter.allows(2 * slot)).toBe(expected);
        if (expected) inside++;
      });
    }
    expect(inside).toBeGreaterThan(50);
  });

  it('takes a corner and an edge, and leaves out an offer without a point', () => {
    const filter = new AreaFilter();
    filter.set(0, { type: 'MultiPolygon', coordinates: [[ring([16.5, 49.1], [16.7, 49.1], [16.7, 49.2], [16.5, 49.2])]] });
    for (const [lon, lat, ok] of [[16.5, 49.1, true], [16.6, 49.2, true], [16.6, 49.15, true], [16.71, 49.15, false]] as const) {
      filter.begin(located(lon, lat));
      expect(filter.allows(0)).toBe(ok);
    }
    filter.begin({ location: { ...located(16.6, 49.15).location, point: null, resolvedBy: 'unresolved' } });
    expect(filter.allows(0)).toBe(false);
  });
});

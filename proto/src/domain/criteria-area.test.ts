import {
  CZECH_BOUNDS, MAP_AREA_LIMITS, areaCircle, checkMapArea, circlesHoldArea, enclosingRadiusKm, mapAreaAllows, mapAreaContains, mapAreaSize, mapAreaSummary,
  pointInMapArea, ringSelfIntersects, type MapArea,
} from './criteria-area';
import { containmentFailures, criteriaEqual, hierarchyFromCodes } from './criteria-containment';
import { distanceKm } from './geo';
import { WHERE_REQUIRED, WatchdogCriteria } from './watchdog';
import type { OfferLocation } from './location';

/** A closed ring from corners [lon, lat]. */
const ring = (...corners: number[][]) => [...corners, corners[0]];
/** An axis-aligned box around Brno's centre, `d` degrees each way. */
const box = (lon: number, lat: number, d: number) => ring([lon - d, lat - d], [lon + d, lat - d], [lon + d, lat + d], [lon - d, lat + d]);
const polygon = (r: number[][]) => ({ type: 'Polygon', coordinates: [r] });
const multi = (...rings: number[][][]) => ({ type: 'MultiPolygon', coordinates: rings.map((r) => [r]) });
const area = (input: unknown): MapArea => {
  const check = checkMapArea(input);
  if (!check.ok) throw new Error(`refused: ${check.problem}`);
  return check.area;
};
const problem = (input: unknown) => {
  const check = checkMapArea(input);
  return check.ok ? null : check.problem;
};
const BRNO = { lon: 16.6068, lat: 49.1951 };
const gps = (lon: number, lat: number): OfferLocation => ({
  name: 'Brno', municipalityCode: '582786', districtCode: 'CZ0642', regionCode: 'CZ064', point: { lat, lon }, resolvedBy: 'gps',
});

describe('checking an area drawn on the map', () => {
  it('answers a polygon as a canonical MultiPolygon: rounded, counter-clockwise, from its lowest corner, closed', () => {
    const clockwise = ring([16.6, 49.2], [16.62, 49.2], [16.62000000004, 49.18], [16.6, 49.18]).reverse();
    const checked = area(polygon(clockwise));
    expect(checked).toEqual({ type: 'MultiPolygon', coordinates: [[[[16.6, 49.18], [16.62, 49.18], [16.62, 49.2], [16.6, 49.2], [16.6, 49.18]]]] });
    // The same polygon drawn from another corner and the other way round is the same area.
    expect(area(polygon(ring([16.62, 49.2], [16.6, 49.2], [16.6, 49.18], [16.62, 49.18])))).toEqual(checked);
    expect(area({ type: 'Feature', properties: {}, geometry: polygon(clockwise) })).toEqual(checked);
  });

  it('drops repeated corners and keeps at least three distinct ones', () => {
    const repeated = [[16.6, 49.18], [16.6, 49.18], [16.62, 49.18], [16.62, 49.2], [16.62, 49.2], [16.6, 49.18]];
    expect(area(polygon(repeated)).coordinates[0][0]).toHaveLength(4);
    expect(problem(polygon([[16.6, 49.18], [16.62, 49.18], [16.62, 49.18], [16.6, 49.18]]))).toBe('tooFewPoints');
  });

  it('refuses an open ring', () => {
    expect(problem(polygon([[16.6, 49.18], [16.62, 49.18], [16.62, 49.2], [16.6, 49.2]]))).toBe('notClosed');
    expect(checkMapArea(multi(box(16.6, 49.2, 0.01), [[16.7, 49.1], [16.72, 49.1], [16.72, 49.12]]))).toEqual({ ok: false, problem: 'notClosed', polygon: 1 });
  });

  it('refuses a ring that crosses, touches or folds back on itself', () => {
    // A bow tie: the second and fourth edges cross.
    expect(problem(polygon(ring([16.6, 49.18], [16.62, 49.2], [16.62, 49.18], [16.6, 49.2])))).toBe('selfIntersecting');
    // A figure of eight through one corner visited twice.
    expect(problem(polygon(ring([16.6, 49.18], [16.61, 49.19], [16.62, 49.18], [16.62, 49.2], [16.61, 49.19], [16.6, 49.2])))).toBe('selfIntersecting');
    // A spike that goes out and comes straight back along itself.
    expect(problem(polygon(ring([16.6, 49.18], [16.62, 49.18], [16.64, 49.18], [16.62, 49.18], [16.62, 49.2])))).toBe('selfIntersecting');
    expect(ringSelfIntersects([0, 0, 1, 0, 1, 1, 0, 1])).toBe(false);
  });

  it('refuses holes, points outside Czechia, and what is not GeoJSON', () => {
    expect(problem({ type: 'Polygon', coordinates: [box(16.6, 49.2, 0.05), box(16.6, 49.2, 0.01)] })).toBe('holes');
    expect(problem(polygon(box(13.4, 52.5, 0.05)))).toBe('outsideCzechia'); // Berlin
    expect(problem(polygon(box(CZECH_BOUNDS.east, 49.5, 0.05)))).toBe('outsideCzechia');
    expect(problem(polygon(box(49.2, 16.6, 0.01)))).toBe('outsideCzechia'); // latitude and longitude swapped
    for (const bad of [null, 'polygon', {}, { type: 'Point', coordinates: [16.6, 49.2] }, { type: 'Polygon', coordinates: [[['16.6', '49.2']]] }, { type: 'Polygon', coordinates: [] }]) {
      expect(problem(bad)).toBe('notGeoJson');
    }
    expect(problem(polygon([[16.6, 49.18], [NaN, 49.18], [16.62, 49.2], [16.6, 49.18]]))).toBe('notGeoJson');
    expect(problem({ type: 'MultiPolygon', coordinates: [] })).toBe('noPolygon');
  });

  it('refuses 10,000 points before looking at them, and more polygons than the limit', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => {
      const angle = (2 * Math.PI * i) / 10_000;
      return [BRNO.lon + 0.05 * Math.cos(angle), BRNO.lat + 0.03 * Math.sin(angle)];
    });
    expect(checkMapArea(polygon(ring(...many)))).toEqual({ ok: false, problem: 'tooManyPoints', polygon: null });
    const justEnough = many.filter((_, i) => i % 20 === 0); // 500 corners
    expect(justEnough).toHaveLength(MAP_AREA_LIMITS.maxPoints);
    expect(problem(polygon(ring(...justEnough)))).toBeNull();
    const boxes = Array.from({ length: MAP_AREA_LIMITS.maxPolygons + 1 }, (_, i) => box(14 + i * 0.1, 50, 0.01));
    expect(problem(multi(...boxes))).toBe('tooManyPolygons');
    expect(problem(multi(...boxes.slice(1)))).toBeNull();
  });

  it('refuses a huge area and a tiny polygon', () => {
    // Most of Bohemia: 1.5° of latitude is about 170 km.
    expect(problem(polygon(box(14.5, 49.9, 0.75)))).toBe('tooLarge');
    // Two small polygons 150 km apart span too much as one area.
    expect(problem(multi(box(14.4, 50.08, 0.01), box(16.6, 49.2, 0.01)))).toBe('tooLarge');
    // 40 m × 40 m.
    expect(problem(polygon(box(16.6, 49.2, 0.0002)))).toBe('tooSmall');
    // A thin sliver; three corners on one line are a ring that folds back on itself.
    expect(problem(polygon(ring([16.6, 49.2], [16.7, 49.2], [16.7, 49.20001])))).toBe('tooSmall');
    expect(problem(polygon(ring([16.6, 49.2], [16.61, 49.2], [16.62, 49.2])))).toBe('selfIntersecting');
  });

  it('refuses polygons of one area that overlap, touch or nest', () => {
    expect(problem(multi(box(16.6, 49.2, 0.02), box(16.62, 49.2, 0.02)))).toBe('overlapping');
    expect(problem(multi(box(16.6, 49.2, 0.05), box(16.6, 49.2, 0.01)))).toBe('overlapping');
    expect(problem(multi(box(16.6, 49.2, 0.01), box(16.62, 49.2, 0.01)))).toBe('overlapping'); // sharing an edge
    expect(problem(multi(box(16.6, 49.2, 0.01), box(16.63, 49.2, 0.01)))).toBeNull();
  });
});

describe('matching offers against an area', () => {
  // An L-shaped polygon: the notch at the north-east is outside.
  const shape = area(polygon(ring([16.5, 49.1], [16.7, 49.1], [16.7, 49.2], [16.6, 49.2], [16.6, 49.3], [16.5, 49.3])));

  it('takes points inside or on an edge and leaves out points outside, in the notch too', () => {
    expect(pointInMapArea(shape, { lon: 16.55, lat: 49.25 })).toBe(true);
    expect(pointInMapArea(shape, { lon: 16.65, lat: 49.15 })).toBe(true);
    expect(pointInMapArea(shape, { lon: 16.65, lat: 49.25 })).toBe(false);
    expect(pointInMapArea(shape, { lon: 16.6, lat: 49.25 })).toBe(true); // on the notch's edge
    expect(pointInMapArea(shape, { lon: 16.5, lat: 49.1 })).toBe(true); // a corner
    expect(pointInMapArea(shape, { lon: 16.45, lat: 49.2 })).toBe(false);
    expect(pointInMapArea(shape, { lon: 16.55, lat: 49.3000001 })).toBe(false);
  });

  it('takes a point in any of several polygons', () => {
    const two = area(multi(box(16.6, 49.2, 0.01), box(16.7, 49.2, 0.01)));
    expect(pointInMapArea(two, { lon: 16.7, lat: 49.2 })).toBe(true);
    expect(pointInMapArea(two, { lon: 16.65, lat: 49.2 })).toBe(false);
  });

  it('leaves out offers located by text or not at all, and allows everything without an area', () => {
    expect(mapAreaAllows(shape, gps(16.55, 49.25))).toBe(true);
    expect(mapAreaAllows(shape, { ...gps(16.55, 49.25), resolvedBy: 'text' })).toBe(false);
    expect(mapAreaAllows(shape, { ...gps(16.55, 49.25), point: null, resolvedBy: 'unresolved' })).toBe(false);
    expect(mapAreaAllows(null, { ...gps(16.55, 49.25), point: null, resolvedBy: 'unresolved' })).toBe(true);
  });

  it('measures the area for summaries', () => {
    const size = mapAreaSize(area(multi(box(16.6, 49.2, 0.01), box(16.7, 49.2, 0.01))));
    expect(size.polygons).toBe(2);
    // 0.02° × 0.02° at 49.2° N: 2.224 km × 1.453 km, twice.
    expect(size.km2).toBeCloseTo(2 * 2.2239 * 1.4530, 1);
  });

  it('finds a circle that holds the whole area', () => {
    const a = area(polygon(box(16.6, 49.2, 0.1)));
    const centre = { lat: 49.19, lon: 16.61 };
    const radius = enclosingRadiusKm(centre, a);
    const corners = a.coordinates[0][0].map(([lon, lat]) => distanceKm(centre, { lat, lon }));
    for (const d of corners) expect(d).toBeLessThan(radius);
    expect(radius).toBeLessThan(Math.max(...corners) * 1.02 + 1.1);
    expect(radius * 2).toBe(Math.round(radius * 2));
    expect(circlesHoldArea([{ point: centre, radiusKm: radius }], a)).toBe(true);
    expect(circlesHoldArea([{ point: centre, radiusKm: radius - 1 }], a)).toBe(false);
    expect(circlesHoldArea([{ point: null, radiusKm: 100 }], a)).toBe(false);
  });

  it('files an area under a circle around it, shared by areas drawn close together', () => {
    const a = area(polygon(box(16.6312, 49.2188, 0.01)));
    const circle = areaCircle(a);
    expect(circle.point).toEqual({ lat: 49.22, lon: 16.63 });
    expect(circlesHoldArea([circle], a)).toBe(true);
    // About the area's size, not reaching to a town centre: the box's half-diagonal is ~1.3 km.
    expect(circle.radiusKm).toBeLessThanOrEqual(2.5);
    const beside = area(polygon(box(16.6288, 49.2203, 0.008)));
    expect(areaCircle(beside).point).toEqual(circle.point);
  });
});

describe('containment of areas', () => {
  const big = area(polygon(box(16.6, 49.2, 0.1)));
  const small = area(polygon(box(16.62, 49.21, 0.02)));
  const elsewhere = area(polygon(box(16.9, 49.2, 0.02)));

  it('covers an area lying inside one of its polygons, and the same area', () => {
    expect(mapAreaContains(big, small)).toBe(true);
    expect(mapAreaContains(small, big)).toBe(false);
    expect(mapAreaContains(big, big)).toBe(true);
    expect(mapAreaContains(big, area(multi(box(16.55, 49.2, 0.02), box(16.65, 49.2, 0.02))))).toBe(true);
    expect(mapAreaContains(big, area(multi(box(16.6, 49.2, 0.02), box(16.9, 49.2, 0.02))))).toBe(false);
    expect(mapAreaContains(big, elsewhere)).toBe(false);
  });

  it('is conservative: touching the edge, crossing it, or spanning two polygons is not covered', () => {
    expect(mapAreaContains(big, area(polygon(box(16.68, 49.2, 0.02))))).toBe(false); // shares the east edge
    expect(mapAreaContains(big, area(polygon(box(16.7, 49.2, 0.02))))).toBe(false); // crosses it
    const halves = area(multi(ring([16.5, 49.1], [16.6, 49.1], [16.6, 49.3], [16.5, 49.3]), ring([16.61, 49.1], [16.7, 49.1], [16.7, 49.3], [16.61, 49.3])));
    expect(mapAreaContains(halves, area(polygon(box(16.605, 49.2, 0.02))))).toBe(false);
  });

  it('covers everything without an area, and never "no area" with one', () => {
    expect(mapAreaContains(null, small)).toBe(true);
    expect(mapAreaContains(undefined, null)).toBe(true);
    expect(mapAreaContains(small, null)).toBe(false);
  });

  it('notices a hole of an unvalidated broader area inside the narrower polygon', () => {
    const holed: MapArea = { type: 'MultiPolygon', coordinates: [[box(16.6, 49.2, 0.1), box(16.62, 49.21, 0.005)]] };
    expect(mapAreaContains(holed, small)).toBe(false);
    expect(mapAreaContains(holed, area(polygon(box(16.55, 49.15, 0.01))))).toBe(true);
    expect(pointInMapArea(holed, { lon: 16.62, lat: 49.21 })).toBe(false);
  });
});

describe('containment of whole watchdogs with areas', () => {
  const brnoCentre = { lat: 49.1951, lon: 16.6068 };
  const brnoPlace = (radiusKm: number) => ({ kind: 'municipality' as const, code: '582786', name: 'Brno', point: brnoCentre, radiusKm });
  const modrice = { kind: 'municipality' as const, code: '583341', name: 'Modřice', point: { lat: 49.1277, lon: 16.6144 }, radiusKm: 0 };
  const big = area(polygon(box(16.6, 49.2, 0.05)));
  const small = area(polygon(box(16.61, 49.17, 0.01)));
  const withArea = (mapArea: MapArea | null, places: unknown[]) =>
    WatchdogCriteria.parse({ adTypes: ['Sale'], realEstateTypes: ['Apartment'], places, mapArea });

  it('lets an area whose place circle holds it stand for that place when it covers a narrower area', () => {
    const broader = withArea(big, [brnoPlace(enclosingRadiusKm(brnoCentre, big))]);
    // The narrower area is filed under another place (Modřice, where its centre is) and lies in the broader area.
    const narrower = withArea(small, [{ ...modrice, radiusKm: enclosingRadiusKm(modrice.point, small) }]);
    expect(containmentFailures(broader, narrower, hierarchyFromCodes)).toEqual([]);
    expect(containmentFailures(narrower, broader, hierarchyFromCodes)).toEqual(['places', 'mapArea']);
    // Without a circle that holds the broader area, its places decide as usual.
    expect(containmentFailures(withArea(big, [brnoPlace(1)]), narrower, hierarchyFromCodes)).toEqual(['places']);
    expect(criteriaEqual(broader, withArea(big, [brnoPlace(enclosingRadiusKm(brnoCentre, big))]))).toBe(true);
  });

  it('never lets an area cover a watchdog without one, which also takes offers located by text', () => {
    const plain = withArea(null, [brnoPlace(0)]);
    expect(containmentFailures(withArea(big, [brnoPlace(20)]), plain, hierarchyFromCodes)).toEqual(['mapArea']);
    expect(containmentFailures(withArea(null, [brnoPlace(20)]), withArea(big, [brnoPlace(10)]), hierarchyFromCodes)).toEqual([]);
  });
});

describe('the criteria schema: places or an area drawn on a map', () => {
  const base = { adTypes: ['Sale'], realEstateTypes: ['Apartment'] };
  const praha = { kind: 'municipality', code: '554782', name: 'Praha' };

  it('accepts an area without places, places without an area, and both', () => {
    const onlyArea = WatchdogCriteria.safeParse({ ...base, mapArea: area(polygon(box(16.6, 49.2, 0.01))) });
    expect(onlyArea.success).toBe(true);
    expect(onlyArea.data?.places).toEqual([]);
    expect(WatchdogCriteria.safeParse({ ...base, places: [praha] }).success).toBe(true);
    expect(WatchdogCriteria.safeParse({ ...base, places: [praha], mapArea: area(polygon(box(16.6, 49.2, 0.01))) }).success).toBe(true);
  });

  it('refuses neither places nor an area with a message that names both, on the places field', () => {
    for (const where of [{}, { places: [] }, { places: [], mapArea: null }]) {
      const parsed = WatchdogCriteria.safeParse({ ...base, ...where });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ['places'], message: WHERE_REQUIRED })]);
    }
    expect(WHERE_REQUIRED).toMatch(/places.*mapArea/);
  });

  it('still refuses more than 20 places', () => {
    const parsed = WatchdogCriteria.safeParse({ ...base, places: Array.from({ length: 21 }, () => praha) });
    expect(parsed.error?.issues[0].path).toEqual(['places']);
  });
});

describe('an area told in e-mails', () => {
  it('counts the polygons with Czech plurals and rounds the size to what a reader needs', () => {
    expect(mapAreaSummary({ polygons: 2, km2: 3.4449 }, 'cs')).toBe('Oblast na mapě: 2 oblasti (~3,4 km²)');
    expect(mapAreaSummary({ polygons: 2, km2: 3.4449 }, 'en')).toBe('Area on the map: 2 areas (~3.4 km²)');
    expect(mapAreaSummary({ polygons: 1, km2: 25.9 }, 'cs')).toBe('Oblast na mapě: 1 oblast (~26 km²)');
    expect(mapAreaSummary({ polygons: 1, km2: 25.9 }, 'en')).toBe('Area on the map: 1 area (~26 km²)');
    expect(mapAreaSummary({ polygons: 5, km2: 0.034 }, 'cs')).toBe('Oblast na mapě: 5 oblastí (~0,03 km²)');
    expect(mapAreaSummary({ polygons: 4, km2: 1234.4 }, 'en')).toBe('Area on the map: 4 areas (~1,234 km²)');
    // The smallest area allowed is 0.01 km²: never "~0 km²".
    expect(mapAreaSummary({ polygons: 1, km2: 0.004 }, 'en')).toBe('Area on the map: 1 area (~0.01 km²)');
  });

  it('tells the size of a drawn area from its polygons', () => {
    const two = area(multi(box(16.6, 49.2, 0.01), box(16.65, 49.2, 0.01)));
    expect(mapAreaSummary(mapAreaSize(two), 'cs')).toBe('Oblast na mapě: 2 oblasti (~6,5 km²)');
  });
});

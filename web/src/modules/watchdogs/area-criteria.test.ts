import { WatchdogCriteria } from '@rr/proto';
import { moduleKeysDiffer } from '../../i18n/module-dictionary';
import { areaCopy } from './area-map/area-map.copy';
import { areaTotal, polygonRows } from './area-map/area-summary';
import { emptyDraft, fromCriteria, toCriteria, validateDraft } from './criteria';

const ring = (...corners: number[][]) => [...corners, corners[0]];
const box = (lon: number, lat: number, d: number) => ring([lon - d, lat - d], [lon + d, lat - d], [lon + d, lat + d], [lon - d, lat + d]);
const mapArea = { type: 'MultiPolygon' as const, coordinates: [[box(16.6, 49.2, 0.01)], [box(16.65, 49.2, 0.01)]] };
const plzen = { kind: 'municipality' as const, code: '554791', name: 'Plzeň', point: { lat: 49.74, lon: 13.37 }, radiusKm: 5 };

describe('the watchdog form with an area drawn on the map', () => {
  it('asks for an area in map mode and for a place otherwise', () => {
    expect(validateDraft({ ...emptyDraft(), areaMode: true })).toEqual({ places: 'location' });
    expect(validateDraft({ ...emptyDraft(), areaMode: true, mapArea })).toEqual({});
    expect(validateDraft({ ...emptyDraft(), areaMode: false, mapArea })).toEqual({ places: 'location' });
  });

  it('sends the area without places in map mode, and the places without an area otherwise', () => {
    expect(toCriteria({ ...emptyDraft(), places: [plzen], areaMode: true, mapArea })).toMatchObject({ places: [], mapArea });
    expect(toCriteria({ ...emptyDraft(), places: [plzen], areaMode: false, mapArea })).toMatchObject({ places: [expect.objectContaining({ code: '554791' })], mapArea: null });
  });

  it('opens a saved area watchdog in map mode, without the place the account service chose', () => {
    const saved = WatchdogCriteria.parse({ adTypes: ['Sale'], realEstateTypes: ['Apartment'], places: [{ ...plzen, radiusKm: 4.2 }], mapArea });
    expect(fromCriteria(saved)).toMatchObject({ areaMode: true, mapArea, places: [] });
    expect(fromCriteria(WatchdogCriteria.parse({ adTypes: ['Sale'], realEstateTypes: ['Apartment'], places: [plzen] }))).toMatchObject({ areaMode: false, mapArea: null });
  });

  it('tells the area in both locales, with Czech plurals', () => {
    const tm = (locale: 'cs' | 'en') => (key: keyof typeof areaCopy.cs, vars?: Record<string, string | number>) =>
      areaCopy[locale][key].replace(/\{(\w+)\}/g, (_, name: string) => String(vars?.[name]));
    expect(areaTotal(mapArea, tm('cs'), 'cs')).toBe('Oblast nakreslená na mapě (2 polygony, ~6,5 km²)');
    expect(areaTotal(mapArea, tm('en'), 'en')).toBe('Area drawn on the map (2 polygons, ~6.5 km²)');
    expect(polygonRows(mapArea, tm('cs'), 'cs')).toEqual(['Oblast 1 – počet bodů: 4, ~3,2 km²', 'Oblast 2 – počet bodů: 4, ~3,2 km²']);
    expect(moduleKeysDiffer(areaCopy)).toEqual([]);
  });
});

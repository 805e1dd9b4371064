import { AppError } from '@rr/kit';
import { hierarchyFromCodes, mapAreaSize, pointInMapArea, type WatchdogCriteria } from '@rr/proto';
import { translator } from '../i18n/messages';
import { describeMapArea, watchdogPageUrl } from '../mail/map-area-summary';
import { summariseCriteria } from '../mail/account-mails';
import type { PlaceDirectory } from '../places/place-directory';
import { validateCriteria } from './criteria-validation';

const BRNO = { lat: 49.1951, lon: 16.6068 };
/** Brno's municipality for any point near it; nothing elsewhere (as the gazetteer: Czechia only). */
const directory: PlaceDirectory = {
  hierarchy: hierarchyFromCodes,
  resolve: (kind, code) => (kind === 'municipality' && code === '582786' ? { name: 'Brno', point: BRNO } : null),
  near: ({ lat, lon }) => (Math.abs(lat - BRNO.lat) < 0.3 && Math.abs(lon - BRNO.lon) < 0.3 ? { kind: 'municipality', code: '582786', name: 'Brno', point: BRNO } : null),
};
const ring = (...corners: number[][]) => [...corners, corners[0]];
const box = (lon: number, lat: number, d: number) => ring([lon - d, lat - d], [lon + d, lat - d], [lon + d, lat + d], [lon - d, lat + d]);
const base = { adTypes: ['Sale'], realEstateTypes: ['Apartment'] };
const validate = (input: unknown, locale: 'cs' | 'en' = 'cs') => validateCriteria(input, translator(locale), directory, { priceDropsAllowed: false });

function fieldsOf(input: unknown, locale: 'cs' | 'en' = 'cs'): Record<string, string> {
  try {
    validate(input, locale);
  } catch (err) {
    return (err as AppError).fields ?? {};
  }
  throw new Error('expected a validation error');
}

describe('an area drawn on the map in the watchdog form', () => {
  it('is kept canonical, and brings the one place whose circle holds it instead of the places sent', () => {
    const c = validate({ ...base, places: [{ kind: 'region', code: 'CZ010', name: 'Praha' }], mapArea: { type: 'Polygon', coordinates: [box(16.62, 49.21, 0.02).reverse()] } });
    expect(c.mapArea?.type).toBe('MultiPolygon');
    expect(c.mapArea?.coordinates[0][0][0]).toEqual([16.6, 49.19]);
    expect(c.places).toHaveLength(1);
    // Filed under Brno, the nearest place, with the circle around the area itself (areaCircle).
    expect(c.places[0]).toMatchObject({ kind: 'municipality', code: '582786', name: 'Brno', point: { lat: 49.21, lon: 16.62 } });
    // Its corners are about 2.66 km from its centre: + 1 % + 0.5 km, up to the half kilometre.
    expect(c.places[0].radiusKm).toBe(3.5);
    expect(pointInMapArea(c.mapArea!, { lat: 49.2, lon: 16.61 })).toBe(true);
  });

  it('is optional: without one the places are checked as before', () => {
    expect(validate({ ...base, places: [{ kind: 'municipality', code: '582786' }] }).mapArea).toBeNull();
    expect(fieldsOf({ ...base, places: [] })).toEqual({ places: 'Zadejte a vyberte lokalitu ze seznamu, nebo nakreslete oblast na mapě' });
  });

  it('refuses open, crossing, huge and far-away areas with messages in both locales', () => {
    const open = { type: 'Polygon', coordinates: [box(16.6, 49.2, 0.01).slice(0, 4)] };
    expect(fieldsOf({ ...base, mapArea: open })).toEqual({ 'mapArea.1': 'Oblast není uzavřená: její poslední bod musí být stejný jako první' });
    expect(fieldsOf({ ...base, mapArea: open }, 'en')).toEqual({ 'mapArea.1': 'The area is not closed: its last point must be the same as its first' });
    const bowTie = { type: 'Polygon', coordinates: [ring([16.6, 49.18], [16.62, 49.2], [16.62, 49.18], [16.6, 49.2])] };
    expect(fieldsOf({ ...base, mapArea: bowTie }, 'en')).toEqual({ 'mapArea.1': "The area's border must not cross or touch itself" });
    expect(fieldsOf({ ...base, mapArea: { type: 'Polygon', coordinates: [box(15, 49.8, 1)] } })).toEqual({ mapArea: expect.stringContaining('nejvýše 100 km') });
    expect(fieldsOf({ ...base, mapArea: { type: 'Polygon', coordinates: [box(14.42, 50.08, 0.01)] } }, 'en')).toEqual({ mapArea: expect.stringContaining('no municipality') });
    expect(fieldsOf({ ...base, mapArea: 'Brno' })).toEqual({ mapArea: 'Oblast na mapě se nepodařilo přečíst, nakreslete ji prosím znovu' });
  });

  it('refuses 10,000 points with a message that says how many are allowed', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => [16.6 + 0.05 * Math.cos((2 * Math.PI * i) / 10_000), 49.2 + 0.03 * Math.sin((2 * Math.PI * i) / 10_000)]);
    expect(fieldsOf({ ...base, mapArea: { type: 'Polygon', coordinates: [ring(...many)] } })).toEqual({ mapArea: 'Oblasti na mapě mohou mít dohromady nejvýše 500 bodů, zjednodušte je prosím' });
    expect(fieldsOf({ ...base, mapArea: { type: 'Polygon', coordinates: [ring(...many)] } }, 'en')).toEqual({ mapArea: expect.stringContaining('at most 500 points') });
  });
});

describe('an area by the owner\'s tier', () => {
  const withTier = (input: unknown, mapAreaPolygons: number, locale: 'cs' | 'en' = 'cs') => {
    try {
      validateCriteria(input, translator(locale), directory, { priceDropsAllowed: false, mapAreaPolygons });
      return {};
    } catch (err) {
      return (err as AppError).fields ?? {};
    }
  };
  const two = { type: 'MultiPolygon', coordinates: [[box(16.6, 49.2, 0.01)], [box(16.65, 49.2, 0.01)]] };
  const one = { type: 'Polygon', coordinates: [box(16.6, 49.2, 0.01)] };

  it('takes one polygon from a free tier and refuses a second with the reason, in both locales', () => {
    expect(withTier({ ...base, mapArea: one }, 1)).toEqual({});
    expect(withTier({ ...base, mapArea: two }, 1)).toEqual({ mapArea: expect.stringContaining('od tarifu Mini') });
    expect(withTier({ ...base, mapArea: two }, 1, 'en')).toEqual({ mapArea: expect.stringContaining('Mini and above') });
  });

  it('takes as many polygons as the tier allows', () => {
    expect(withTier({ ...base, mapArea: two }, 10)).toEqual({});
    expect(withTier({ ...base, mapArea: two }, 2)).toEqual({});
  });

  it('reports a broken area as broken, not as a matter of the tier', () => {
    const open = { type: 'MultiPolygon', coordinates: [[box(16.6, 49.2, 0.01)], [box(16.65, 49.2, 0.01).slice(0, 4)]] };
    expect(withTier({ ...base, mapArea: open }, 1)).toEqual({ 'mapArea.2': expect.stringContaining('není uzavřená') });
  });
});

describe('an area in e-mails', () => {
  const area = (...rings: number[][][]): WatchdogCriteria => validate({ ...base, mapArea: { type: 'MultiPolygon', coordinates: rings.map((r) => [r]) } });

  it('is told as a count of areas and an approximate size, in both locales and with Czech plurals (as in alert e-mails)', () => {
    const two = area(box(16.6, 49.2, 0.02), box(16.7, 49.2, 0.02));
    expect(mapAreaSize(two.mapArea!).km2).toBeCloseTo(25.9, 0); // 0.04° × 0.04° at 49.2° N: 4.45 km × 2.91 km, twice
    expect(describeMapArea(two.mapArea!, 'cs')).toBe('Oblast na mapě: 2 oblasti (~26 km²)');
    expect(describeMapArea(two.mapArea!, 'en')).toBe('Area on the map: 2 areas (~26 km²)');
    const one = area(box(16.6, 49.2, 0.01));
    expect(describeMapArea(one.mapArea!, 'cs')).toBe('Oblast na mapě: 1 oblast (~3,2 km²)');
    const five = area(...[0, 1, 2, 3, 4].map((i) => box(16.5 + i * 0.05, 49.2, 0.01)));
    expect(describeMapArea(five.mapArea!, 'cs')).toBe('Oblast na mapě: 5 oblastí (~16 km²)');
  });

  it('replaces the place in the confirmation e-mail and links to the watchdog page', () => {
    const c = area(box(16.6, 49.2, 0.01));
    const url = watchdogPageUrl('https://realityradar.cz/', 'w1', 'cs');
    expect(url).toBe('https://realityradar.cz/moje-filtry/w1');
    const lines = summariseCriteria(c, 'cs', url);
    expect(lines).toContain('Oblast na mapě: 1 oblast (~3,2 km²)');
    expect(lines.join('\n')).not.toContain('Lokalita');
    expect(lines).toContain('Zobrazit na mapě: https://realityradar.cz/moje-filtry/w1');
    expect(summariseCriteria(c, 'en', watchdogPageUrl('https://realityradar.cz', 'w1', 'en'))).toContain('Show on the map: https://realityradar.cz/my-filters/w1');
    const plain = validate({ ...base, places: [{ kind: 'municipality', code: '582786' }] });
    expect(summariseCriteria(plain, 'cs', url)).toEqual(expect.arrayContaining(['Lokalita: Brno']));
    expect(summariseCriteria(plain, 'cs', url).join('\n')).not.toContain('moje-filtry');
  });
});

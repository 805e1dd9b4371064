import { municipalitiesCsvPath } from '@rr/kit';
import { loadMunicipalities, PRAHA_CODE } from '../src/generator/places';
import { generateProperty, indexPlaces } from '../src/generator/property';
import { createRng } from '../src/generator/rng';

const places = indexPlaces(loadMunicipalities(municipalitiesCsvPath()));
const sample = (n: number, seed = 1) => {
  const rng = createRng(seed);
  return Array.from({ length: n }, (_, i) => generateProperty(rng, places, {}, `P${i}`, new Date('2026-11-01T00:00:00Z')));
};

describe('property generator', () => {
  const props = sample(3000);

  it('weights towards Praha, Brno, Ostrava and Plzeň', () => {
    const share = (code: string) => props.filter((p) => p.municipalityCode === code).length / props.length;
    expect(share(PRAHA_CODE)).toBeGreaterThan(0.18);
    expect(share('582786')).toBeGreaterThan(0.05);
    expect(share('554821')).toBeGreaterThan(0.03);
    expect(share('554791')).toBeGreaterThan(0.02);
    expect(new Set(props.map((p) => p.municipalityCode)).size).toBeGreaterThan(500);
  });

  it('gives Prague listings a Praha N district and keeps points near their municipality', () => {
    for (const p of props) {
      if (p.municipalityCode === PRAHA_CODE) expect(p.place.pragueDistrict).toMatch(/^Praha (\d|1\d|2[0-2])$/);
      else expect(p.place.pragueDistrict).toBeNull();
      const m = places.byCode.get(p.municipalityCode)!;
      expect(Math.abs(p.lat - m.lat)).toBeLessThan(0.25);
      expect(Math.abs(p.lon - m.lon)).toBeLessThan(0.35);
    }
  });

  it('prices Prague flats higher per m² than flats elsewhere, and rents far below sales', () => {
    const perM2 = (ps: typeof props) => {
      const v = ps.filter((p) => p.adType === 'Sale' && p.realEstateType === 'Apartment' && p.price && p.area).map((p) => p.price! / p.area!);
      return v.reduce((a, b) => a + b, 0) / v.length;
    };
    const prague = perM2(props.filter((p) => p.municipalityCode === PRAHA_CODE));
    expect(prague).toBeGreaterThan(100_000);
    expect(prague).toBeGreaterThan(perM2(props.filter((p) => p.municipalityCode !== PRAHA_CODE)) * 1.5);
    for (const p of props.filter((x) => x.adType === 'Rent' && x.realEstateType === 'Apartment')) expect(p.price!).toBeLessThan(120_000);
  });

  it('makes every kind of offer with sensible sizes', () => {
    const kinds = new Set(props.map((p) => `${p.adType}/${p.realEstateType}`));
    for (const k of ['Sale/Apartment', 'Rent/Apartment', 'Roommates/Apartment', 'Sale/House', 'Sale/Land', 'Rent/Commercial']) expect(kinds).toContain(k);
    for (const p of props) {
      if (p.realEstateType === 'Land') expect(p.landArea).toBeGreaterThan(100);
      if (p.realEstateType === 'Apartment') expect(p.area).toBeGreaterThan(10);
      if (p.adType === 'Roommates') expect(p.dispositionLabel).toBe('room');
    }
    expect(props.some((p) => p.price === null)).toBe(true);
  });

  it('keeps given facts as they are', () => {
    const [p] = [generateProperty(createRng(2), places, { adType: 'Rent', realEstateType: 'House', area: 123, price: 40_000, municipalityCode: '582786', street: null }, 'PX', new Date())];
    expect(p).toMatchObject({ adType: 'Rent', realEstateType: 'House', area: 123, price: 40_000, municipalityCode: '582786' });
    expect(p.place.street).toBeNull();
  });

  it('prints statutory cities in normal case', () => {
    const names = new Map(loadMunicipalities(municipalitiesCsvPath()).map((m) => [m.code, m.name]));
    expect(names.get('569810')).toBe('Hradec Králové');
    expect(names.get('554804')).toBe('Ústí nad Labem');
    expect(names.get('598003')).toBe('Frýdek-Místek');
    expect(names.get('554499')).toBe('Aš');
  });
});

import { distanceKm, fixCapitals, fold, getGazetteer, parseMunicipalities } from '../src';

const g = getGazetteer();
const labels = (query: string, limit = 10) => g.search(query, limit).map((p) => p.label);
const byText = (text: string) => g.resolveByText(text);

describe('loading', () => {
  it('loads every municipality of the open-data list with its districts and regions', () => {
    expect(g.list('municipality')).toHaveLength(6259);
    expect(g.list('district')).toHaveLength(77);
    expect(g.list('region')).toHaveLength(14);
    expect(g.list('pragueDistrict')).toHaveLength(22);
  });

  it('writes the capitalised statutory cities in normal case', () => {
    expect(g.placeByCode('municipality', '554791')?.name).toBe('Plzeň');
    expect(g.placeByCode('municipality', '569810')?.name).toBe('Hradec Králové');
    expect(g.placeByCode('municipality', '598003')?.name).toBe('Frýdek-Místek');
    expect(g.placeByCode('municipality', '554804')?.name).toBe('Ústí nad Labem');
    expect(g.list('municipality').filter((m) => m.name === m.name.toUpperCase())).toEqual([]);
  });

  it('refuses a file that is not the municipality list', () => {
    expect(() => parseMunicipalities('name,code\nx,1')).toThrow(/unexpected header/);
  });

  it('gives districts and regions a centre inside the country', () => {
    const jmk = g.placeByCode('region', 'CZ064')!;
    expect(jmk.name).toBe('Jihomoravský kraj');
    expect(distanceKm(jmk.point, g.placeByCode('municipality', '582786')!.point)).toBeLessThan(40);
    expect(g.placeByCode('district', 'CZ0642')?.name).toBe('Brno-město');
  });
});

describe('text helpers', () => {
  it('folds case and diacritics', () => expect(fold('  Ústí nad  LABEM ')).toBe('usti nad labem'));
  it('keeps prepositions lower case when fixing capitals', () => {
    expect(fixCapitals('BRANDÝS NAD LABEM-STARÁ BOLESLAV')).toBe('Brandýs nad Labem-Stará Boleslav');
    expect(fixCapitals('Nová Ves')).toBe('Nová Ves');
  });
});

describe('search', () => {
  it('finds Plzeň without diacritics, exact name first', () => {
    expect(labels('plzen')[0]).toBe('Plzeň');
    expect(labels('PLZEŇ', 5)).toEqual(expect.arrayContaining(['Plzeňský kraj', 'Plzeň-město']));
  });

  it('puts names starting with the query before names merely containing it, bigger places first', () => {
    const hradec = labels('hradec kr');
    expect(hradec.slice(0, 2).sort()).toEqual(['Hradec Králové', 'Hradec Králové']);
    expect(g.search('brno', 3).map((p) => p.kind)).toEqual(['municipality', 'district', 'district']);
  });

  it('disambiguates repeated names by district', () => {
    const hits = labels('nova ves', 20);
    expect(hits).toContain('Nová Ves (Plzeň-jih)');
    expect(hits.filter((l) => l.startsWith('Nová Ves ('))).toHaveLength(14);
    expect(labels('nova ves plzen')).toEqual(['Nová Ves (Plzeň-jih)']);
  });

  it("offers Prague's districts and regions", () => {
    expect(g.search('praha 8', 1)[0]).toMatchObject({ kind: 'pragueDistrict', code: 'PRAHA-8' });
    expect(g.search('jihomorav', 1)[0]).toMatchObject({ kind: 'region', code: 'CZ064' });
  });

  it('answers nothing for an empty query and honours the limit', () => {
    expect(g.search('  ')).toEqual([]);
    expect(g.search('a', 3)).toHaveLength(3);
  });
});

describe('resolveByPoint', () => {
  it('resolves a point in Brno to Brno with its district and region', () => {
    const r = g.resolveByPoint(49.2251, 16.5962)!;
    expect([r.municipality.name, r.district.code, r.region.code]).toEqual(['Brno', 'CZ0642', 'CZ064']);
  });

  it("adds Prague's district for a point in Prague", () => {
    const r = g.resolveByPoint(50.1189, 14.4653)!;
    expect(r.municipality.code).toBe('554782');
    expect(r.pragueDistrict?.code).toBe('PRAHA-8');
  });

  it('resolves a village centre to that village, not to the nearby city', () => {
    const village = g.list('municipality').find((m) => m.name === 'Modřice')!;
    expect(g.resolveByPoint(village.point.lat, village.point.lon)?.municipality.code).toBe(village.code);
  });

  it('refuses points outside the country and nonsense coordinates', () => {
    expect(g.resolveByPoint(52.52, 13.4)).toBeNull();
    expect(g.resolveByPoint(14.43, 50.08)).toBeNull();
    expect(g.resolveByPoint(Number.NaN, 14)).toBeNull();
  });

  it('resolves every municipality centre to itself for nearly all municipalities', () => {
    const all = g.list('municipality');
    const own = all.filter((m) => g.resolveByPoint(m.point.lat, m.point.lon)?.municipality.code === m.code).length;
    expect(own / all.length).toBeGreaterThan(0.97);
  });
});

describe('resolveByText', () => {
  it.each([
    ['Hnězdenská, Praha 8 - Troja', 'Praha', 'PRAHA-8'],
    ['Brno - Královo Pole', 'Brno', null],
    ['Plzeň<br>326 00', 'Plzeň', null],
    ['Liberec III-Jeřáb', 'Liberec', null],
    ['Třebenická, Praha - Kobylisy', 'Praha', 'PRAHA-8'],
    ['Praha 7<br>170 00', 'Praha', 'PRAHA-7'],
    ['Černošice, Praha-západ', 'Černošice', null],
    ['Lipová, Kolín', 'Kolín', null],
    ['Brandýs nad Labem - Stará Boleslav', 'Brandýs nad Labem-Stará Boleslav', null],
    ['382 32 Mojné', 'Mojné', null],
    ['110 00 Praha 4', 'Praha', 'PRAHA-4'],
  ])('resolves "%s" to %s', (text, name, pragueDistrict) => {
    const r = byText(text)!;
    expect(r.municipality.name).toBe(name);
    expect(r.pragueDistrict?.code ?? null).toBe(pragueDistrict);
  });

  it('tells namesakes apart by district or postcode', () => {
    expect(byText('Nová Ves, okres Plzeň-jih')?.municipality.label).toBe('Nová Ves (Plzeň-jih)');
    const liberecNovaVes = g.list('municipality').find((m) => m.label === 'Nová Ves (Liberec)')!;
    expect(byText(`Nová Ves<br>${liberecNovaVes.postcode!.slice(0, 3)} ${liberecNovaVes.postcode!.slice(3)}`)?.municipality.code).toBe(liberecNovaVes.code);
  });

  it('answers null for text naming no place', () => {
    expect(byText('')).toBeNull();
    expect(byText('Cena na vyžádání')).toBeNull();
  });
});

describe('hierarchy', () => {
  it('walks municipality → district → region and Prague district → Praha', () => {
    expect(g.ancestorsOf({ kind: 'municipality', code: '582786' }).map((p) => p.code)).toEqual(['CZ0642', 'CZ064']);
    expect(g.parentOf({ kind: 'pragueDistrict', code: 'PRAHA-8' })?.code).toBe('554782');
    expect(g.contains({ kind: 'region', code: 'CZ010' }, { kind: 'pragueDistrict', code: 'PRAHA-8' })).toBe(true);
    expect(g.contains({ kind: 'district', code: 'CZ0642' }, { kind: 'region', code: 'CZ064' })).toBe(false);
  });

  it('measures distances with the haversine formula', () => {
    expect(distanceKm({ lat: 50.0755, lon: 14.4378 }, { lat: 49.1951, lon: 16.6068 })).toBeCloseTo(184.3, 0);
  });
});

import {
  areaFromText, areasFromText, cleanText, constructionFromText, czechDateToIso, dispositionFromText, floorFromText,
  ownershipFromText, priceFromText, realEstateTypeFromText,
} from './text';

describe('Czech listing text', () => {
  it('reads dispositions in every written form', () => {
    expect(dispositionFromText('Prodej bytu 2+kk 55 m²')).toBe('2+kk');
    expect(dispositionFromText('byt 3 + 1, 74 m2')).toBe('3+1');
    expect(dispositionFromText('Pronájem 1+KK Plzeň')).toBe('1+kk');
    expect(dispositionFromText('Prodej bytu 7+1')).toBe('6+');
    expect(dispositionFromText('Prodej bytu 6 pokojů a více')).toBe('6+');
    expect(dispositionFromText('byt 6 a více, 150 m²')).toBe('6+');
    expect(dispositionFromText('Prodej bytu atypický 80 m²')).toBe('atypical');
    expect(dispositionFromText('Pronájem pokoje 18 m²')).toBe('room');
    expect(dispositionFromText('Pronájem garsoniéry')).toBe('1+kk');
    expect(dispositionFromText('Prodej domu 210 m²')).toBeNull();
  });

  it('reads prices through non-breaking, zero-width and dotted thousands', () => {
    expect(priceFromText('6\u200d\u00a0500\u200d\u00a0000\u200d\u00a0Kč')).toBe(6_500_000);
    expect(priceFromText('22.900 Kč/měs.')).toBe(22_900);
    expect(priceFromText('17 500 Kč/měsíc (236 Kč/m²)')).toBe(17_500);
    expect(priceFromText('1 250 000,- Kč')).toBe(1_250_000);
  });

  it('treats price-on-request phrases and placeholder prices as no price', () => {
    for (const text of ['Cena na vyžádání', 'Rezervováno', 'info v RK', 'Info o ceně', 'Dohodou', 'V textu', '1 Kč', '0 Kč']) {
      expect(priceFromText(text)).toBeNull();
    }
  });

  it('reads areas written as m² and m2', () => {
    expect(areaFromText('74\u00a0m²')).toBe(74);
    expect(areaFromText('28 m2, Plzeň')).toBe(28);
    expect(areaFromText('1 250,5 m²')).toBe(1250.5);
    expect(areaFromText('pozemek, 1.250 m²')).toBe(1250);
    expect(areaFromText('55.5 m2')).toBe(55.5);
    expect(areaFromText('pronájem bytu 3+1 74 m²')).toBe(74);
    expect(areasFromText('Prodej domu 210 m² s pozemkem 800 m2')).toEqual([210, 800]);
    expect(areaFromText('m2 neuvedeno')).toBeNull();
  });

  it('reads floors, ownership, construction and property kinds', () => {
    expect(floorFromText('2. patro (3. NP)')).toBe(2);
    expect(floorFromText('přízemí')).toBe(0);
    expect(floorFromText('Nachází se ve 4. patře')).toBe(4);
    expect(ownershipFromText('Osobní')).toBe('Direct');
    expect(ownershipFromText('družstevní')).toBe('Cooperative');
    expect(ownershipFromText('státní/obecní')).toBe('Municipal');
    expect(constructionFromText('cihla')).toBe('Brick');
    expect(constructionFromText('Panelová')).toBe('Panel');
    expect(constructionFromText('smíšená')).toBe('Other');
    expect(realEstateTypeFromText('Prodej rodinného domu')).toBe('House');
    expect(realEstateTypeFromText('pozemek, 800 m²')).toBe('Land');
    expect(realEstateTypeFromText('Pronájem kanceláře')).toBe('Commercial');
  });

  it('reads Czech dates as midnight in Prague', () => {
    expect(czechDateToIso('[14.9. 2026]')).toBe('2026-09-13T22:00:00.000Z');
    expect(czechDateToIso('3.12. 2026')).toBe('2026-12-02T23:00:00.000Z');
  });

  it('cleans odd spaces', () => {
    expect(cleanText(' a\u00a0\u200db\n c ')).toBe('a b c');
  });
});

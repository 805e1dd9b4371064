import { containmentFailures, criteriaContains, criteriaEqual, hierarchyFromCodes, rangeContains, type PlaceHierarchy } from './criteria-containment';
import { WatchdogCriteria, type WatchdogCriteriaInput } from './watchdog';

const praha = { kind: 'municipality' as const, code: '554782', name: 'Praha', point: { lat: 50.0835, lon: 14.4342 }, radiusKm: 0 };
const brno = { kind: 'municipality' as const, code: '582786', name: 'Brno', point: { lat: 49.1951, lon: 16.6068 }, radiusKm: 0 };
const jihomoravsky = { kind: 'region' as const, code: 'CZ064', name: 'Jihomoravský kraj', radiusKm: 0 };
const brnoMesto = { kind: 'district' as const, code: 'CZ0642', name: 'Brno-město', radiusKm: 0 };
const praha8 = { kind: 'pragueDistrict' as const, code: 'PRAHA-8', name: 'Praha 8', point: { lat: 50.111, lon: 14.46 }, radiusKm: 0 };
const modrice = { kind: 'municipality' as const, code: '583341', name: 'Modřice', point: { lat: 49.1277, lon: 16.6144 }, radiusKm: 0 };

const hierarchy: PlaceHierarchy = (place) => {
  const municipalities: Record<string, { regionCode: string; districtCode: string; municipalityCode: string }> = {
    '554782': { regionCode: 'CZ010', districtCode: 'CZ0100', municipalityCode: '554782' },
    '582786': { regionCode: 'CZ064', districtCode: 'CZ0642', municipalityCode: '582786' },
    '583341': { regionCode: 'CZ064', districtCode: 'CZ0643', municipalityCode: '583341' },
  };
  return place.kind === 'municipality' ? municipalities[place.code] ?? null : hierarchyFromCodes(place);
};

const criteria = (overrides: Partial<WatchdogCriteriaInput> = {}): WatchdogCriteria =>
  WatchdogCriteria.parse({ adTypes: ['Sale'], realEstateTypes: ['Apartment'], places: [praha], ...overrides });

const covers = (broader: Partial<WatchdogCriteriaInput>, narrower: Partial<WatchdogCriteriaInput>) =>
  criteriaContains(criteria(broader), criteria(narrower), hierarchy);

describe('criteria containment', () => {
  it('treats identical selections as equal, whatever the order of list values', () => {
    const a = criteria({ adTypes: ['Sale', 'Rent'], dispositions: ['2+kk', '3+kk'] });
    const b = criteria({ adTypes: ['Rent', 'Sale'], dispositions: ['3+kk', '2+kk'] });
    expect(criteriaEqual(a, b, hierarchy)).toBe(true);
  });

  it('covers a narrower offer type list but not a wider one', () => {
    expect(covers({ adTypes: ['Sale', 'Rent'] }, { adTypes: ['Rent'] })).toBe(true);
    expect(covers({ adTypes: ['Rent'] }, { adTypes: ['Rent', 'Auction'] })).toBe(false);
    expect(covers({ adTypes: ['Sale'] }, { adTypes: ['Roommates'] })).toBe(false);
  });

  it('covers a narrower property type list but not a wider one', () => {
    expect(covers({ realEstateTypes: ['Apartment', 'House'] }, { realEstateTypes: ['House'] })).toBe(true);
    expect(covers({ realEstateTypes: ['Apartment'] }, { realEstateTypes: ['Apartment', 'Land'] })).toBe(false);
  });

  it('treats an empty disposition list as any disposition', () => {
    expect(covers({ dispositions: [] }, { dispositions: ['2+kk'] })).toBe(true);
    expect(covers({ dispositions: ['2+kk', '2+1'] }, { dispositions: ['2+1'] })).toBe(true);
    expect(covers({ dispositions: ['2+kk'] }, { dispositions: [] })).toBe(false);
    expect(covers({ dispositions: ['2+kk'] }, { dispositions: ['3+kk'] })).toBe(false);
  });

  it('ignores dispositions when the narrower watchdog watches only land', () => {
    expect(covers({ realEstateTypes: ['Land'], dispositions: ['2+kk'] }, { realEstateTypes: ['Land'], dispositions: [] })).toBe(true);
  });

  it('covers an enclosed area range and refuses an open one under a restricted one', () => {
    expect(covers({ area: { from: 50 } }, { area: { from: 60, to: 80 } })).toBe(true);
    expect(covers({ area: { from: 60, to: 80 } }, { area: { from: 50, to: 80 } })).toBe(false);
    expect(covers({ area: { to: 80 } }, { area: { from: 10 } })).toBe(false);
    expect(covers({ area: { from: 50 } }, { area: {} })).toBe(false);
    expect(covers({ area: {} }, { area: { from: 50 } })).toBe(true);
  });

  it('compares price ranges inclusively at both ends', () => {
    expect(covers({ price: { from: 1_000_000, to: 5_000_000 } }, { price: { from: 1_000_000, to: 5_000_000 } })).toBe(true);
    expect(covers({ price: { to: 5_000_000 } }, { price: { to: 5_000_001 } })).toBe(false);
  });

  it('compares price per square metre ranges', () => {
    expect(covers({ pricePerM2: { to: 120_000 } }, { pricePerM2: { from: 80_000, to: 100_000 } })).toBe(true);
    expect(covers({ pricePerM2: { to: 100_000 } }, { pricePerM2: { to: 120_000 } })).toBe(false);
  });

  it('compares land area ranges for houses and land, and ignores them for apartments', () => {
    const land = { realEstateTypes: ['Land' as const] };
    expect(covers({ ...land, landArea: { from: 500 } }, { ...land, landArea: { from: 800 } })).toBe(true);
    expect(covers({ ...land, landArea: { from: 800 } }, { ...land, landArea: { from: 500 } })).toBe(false);
    expect(covers({ landArea: { from: 800 } }, { landArea: {} })).toBe(true);
  });

  it('compares land types of land watchdogs', () => {
    const land = { realEstateTypes: ['Land' as const] };
    expect(covers({ ...land, landTypes: ['BuildPlot', 'Other'] }, { ...land, landTypes: ['BuildPlot'] })).toBe(true);
    expect(covers({ ...land, landTypes: ['BuildPlot'] }, { ...land, landTypes: ['Commercial'] })).toBe(false);
    expect(covers({ ...land, landTypes: ['BuildPlot'] }, { ...land, landTypes: [] })).toBe(false);
  });

  it('compares house types of house watchdogs', () => {
    const house = { realEstateTypes: ['House' as const] };
    expect(covers({ ...house, houseTypes: [] }, { ...house, houseTypes: ['Cottage'] })).toBe(true);
    expect(covers({ ...house, houseTypes: ['Detached'] }, { ...house, houseTypes: ['Detached', 'Hut'] })).toBe(false);
  });

  it('compares bed count ranges', () => {
    expect(covers({ beds: { from: 1 } }, { beds: { from: 2, to: 4 } })).toBe(true);
    expect(covers({ beds: { from: 2 } }, { beds: { from: 1 } })).toBe(false);
  });

  it('lets an elevator-only watchdog cover only elevator-only ones', () => {
    expect(covers({ elevatorOnly: false }, { elevatorOnly: true })).toBe(true);
    expect(covers({ elevatorOnly: true }, { elevatorOnly: false })).toBe(false);
    expect(covers({ elevatorOnly: true }, { elevatorOnly: true })).toBe(true);
  });

  it('lets a watchdog for any seller cover a private-only or agency-only one, and a seller choice only itself', () => {
    expect(covers({ seller: 'any' }, { seller: 'private' })).toBe(true);
    expect(covers({ seller: 'private' }, { seller: 'private' })).toBe(true);
    expect(covers({ seller: 'private' }, { seller: 'any' })).toBe(false);
    expect(covers({ seller: 'agency' }, { seller: 'private' })).toBe(false);
  });

  it('compares terrace types as "has at least one of"', () => {
    expect(covers({ terraceTypes: ['Balcony', 'Terrace'] }, { terraceTypes: ['Balcony'] })).toBe(true);
    expect(covers({ terraceTypes: ['Balcony'] }, { terraceTypes: ['Balcony', 'Loggia'] })).toBe(false);
    expect(covers({ terraceTypes: ['Balcony'] }, { terraceTypes: [] })).toBe(false);
  });

  it('does not cover offers without a price when the broader watchdog excludes them', () => {
    expect(covers({ includeWithoutPrice: true }, { includeWithoutPrice: false })).toBe(true);
    expect(covers({ includeWithoutPrice: false }, { includeWithoutPrice: true })).toBe(false);
  });

  it('does not cover price-drop alerts with a watchdog that has none', () => {
    expect(covers({ priceDrops: true }, { priceDrops: false })).toBe(true);
    expect(covers({ priceDrops: false }, { priceDrops: true })).toBe(false);
  });

  it('does not cover comeback alerts or no-longer-active notices with a watchdog that has none', () => {
    expect(covers({ backOnMarket: true }, { backOnMarket: false })).toBe(true);
    expect(covers({ backOnMarket: false }, { backOnMarket: true })).toBe(false);
    expect(covers({ noLongerActive: true }, { noLongerActive: false })).toBe(true);
    expect(covers({ noLongerActive: false }, { noLongerActive: true })).toBe(false);
  });

  it('covers a municipality by its region and district, not by another region', () => {
    expect(covers({ places: [jihomoravsky] }, { places: [brno] })).toBe(true);
    expect(covers({ places: [brnoMesto] }, { places: [brno] })).toBe(true);
    expect(covers({ places: [brnoMesto] }, { places: [modrice] })).toBe(false);
    expect(covers({ places: [jihomoravsky] }, { places: [praha] })).toBe(false);
    expect(covers({ places: [brno] }, { places: [jihomoravsky] })).toBe(false);
  });

  it('covers a district by its region from the codes alone', () => {
    expect(criteriaContains(criteria({ places: [jihomoravsky] }), criteria({ places: [brnoMesto] }))).toBe(true);
  });

  it('covers a Prague district by Prague', () => {
    expect(covers({ places: [praha] }, { places: [praha8] })).toBe(true);
    expect(covers({ places: [praha8] }, { places: [praha] })).toBe(false);
  });

  it('needs every narrower place inside some broader place', () => {
    expect(covers({ places: [praha, jihomoravsky] }, { places: [brno, praha8] })).toBe(true);
    expect(covers({ places: [praha] }, { places: [brno, praha8] })).toBe(false);
  });

  it('covers a smaller surrounding radius of the same place but not a larger one', () => {
    expect(covers({ places: [{ ...brno, radiusKm: 20 }] }, { places: [{ ...brno, radiusKm: 10 }] })).toBe(true);
    expect(covers({ places: [{ ...brno, radiusKm: 10 }] }, { places: [{ ...brno, radiusKm: 20 }] })).toBe(false);
    expect(covers({ places: [{ ...brno, radiusKm: 10 }] }, { places: [brno] })).toBe(true);
  });

  it('covers a nearby place with its radius when the broader circle encloses it', () => {
    // Modřice is about 7.5 km from Brno's centre.
    expect(covers({ places: [{ ...brno, radiusKm: 20 }] }, { places: [{ ...modrice, radiusKm: 5 }] })).toBe(false);
    expect(covers({ places: [{ ...jihomoravsky, point: brno.point, radiusKm: 20 }] }, { places: [{ ...modrice, radiusKm: 5 }] })).toBe(true);
    expect(covers({ places: [{ ...jihomoravsky, point: brno.point, radiusKm: 10 }] }, { places: [{ ...modrice, radiusKm: 5 }] })).toBe(false);
  });

  it('does not cover a place with a radius by a region that does not enclose the circle', () => {
    expect(covers({ places: [jihomoravsky] }, { places: [{ ...brno, radiusKm: 10 }] })).toBe(false);
  });

  it('does not claim coverage for places the hierarchy does not know', () => {
    const unknown = { kind: 'municipality' as const, code: '999999', name: 'Nikde', radiusKm: 0 };
    expect(covers({ places: [jihomoravsky] }, { places: [unknown] })).toBe(false);
  });

  it('names every field that fails', () => {
    const failures = containmentFailures(
      criteria({ adTypes: ['Rent'], area: { from: 50 }, elevatorOnly: true }),
      criteria({ adTypes: ['Sale'], area: {}, elevatorOnly: false }),
      hierarchy,
    );
    expect(failures).toEqual(['adTypes', 'area', 'elevatorOnly']);
  });

  it('compares wanted and refused words: a watchdog without them covers one with them, not the other way', () => {
    expect(covers({}, { words: { any: ['balkon*'], none: ['drazba'] } })).toBe(true);
    expect(covers({ words: { any: ['balkon*'] } }, {})).toBe(false);
    expect(covers({ words: { any: ['balkon*'] } }, { words: { any: ['balkonem'] } })).toBe(true);
    expect(covers({ words: { none: ['drazb*'] } }, { words: { none: ['drazba'] } })).toBe(false);
    expect(containmentFailures(criteria({ words: { none: ['drazba'] } }), criteria(), hierarchy)).toEqual(['words']);
  });

  it('treats a range with both ends open as no restriction', () => {
    expect(rangeContains({ from: null, to: null }, { from: 5 })).toBe(true);
    expect(rangeContains({ from: 5 }, { from: null, to: null })).toBe(false);
  });
});

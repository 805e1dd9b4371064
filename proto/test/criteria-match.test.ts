import { distanceKm, matchesCriteria, pricePerM2Of, WatchdogCriteria, type Offer, type WatchdogCriteriaInput } from '../src';
import { exampleOffer, exampleWatchdog } from '../src/examples';

const PRAGUE = { lat: 50.0835, lon: 14.4342 };
const BRNO = { lat: 49.1951, lon: 16.6068 };

const criteria = (overrides: Partial<WatchdogCriteriaInput> = {}): WatchdogCriteria =>
  WatchdogCriteria.parse({
    adTypes: ['Sale'],
    realEstateTypes: ['Apartment', 'House', 'Land'],
    places: [{ kind: 'region', code: 'CZ010', name: 'Praha' }],
    ...overrides,
  });

const offer = (overrides: Partial<Offer> = {}): Offer => ({ ...exampleOffer, ...overrides });
const land = (overrides: Partial<Offer> = {}) =>
  offer({ realEstateType: 'Land', disposition: null, dispositionLabel: null, area: null, landArea: 900, landType: 'BuildPlot', elevator: null, terraceTypes: [], ...overrides });
const house = (overrides: Partial<Offer> = {}) => offer({ realEstateType: 'House', houseType: 'Detached', landArea: 600, elevator: null, ...overrides });

describe('distanceKm', () => {
  it('measures Prague to Brno as about 185 km', () => {
    expect(distanceKm(PRAGUE, BRNO)).toBeGreaterThan(184);
    expect(distanceKm(PRAGUE, BRNO)).toBeLessThan(187);
  });

  it('is zero for the same point and symmetric', () => {
    expect(distanceKm(PRAGUE, PRAGUE)).toBe(0);
    expect(distanceKm(PRAGUE, BRNO)).toBeCloseTo(distanceKm(BRNO, PRAGUE), 9);
  });
});

describe('matchesCriteria', () => {
  it('matches the example offer with the example watchdog', () => {
    expect(matchesCriteria(exampleWatchdog.criteria, exampleOffer)).toBe(true);
  });

  describe('offer type and property type', () => {
    it('requires the ad type to be listed', () => {
      expect(matchesCriteria(criteria({ adTypes: ['Rent'] }), offer())).toBe(false);
      expect(matchesCriteria(criteria({ adTypes: ['Rent', 'Sale'] }), offer())).toBe(true);
    });

    it('requires the property type to be listed', () => {
      expect(matchesCriteria(criteria({ realEstateTypes: ['House'] }), offer())).toBe(false);
      expect(matchesCriteria(criteria({ realEstateTypes: ['Apartment'] }), offer())).toBe(true);
    });
  });

  describe('dispositions', () => {
    it('matches any layout when none is chosen', () => {
      expect(matchesCriteria(criteria({ dispositions: [] }), offer({ dispositionLabel: '5+1' }))).toBe(true);
    });

    it('requires the offer layout among the chosen ones', () => {
      expect(matchesCriteria(criteria({ dispositions: ['2+kk', '3+kk'] }), offer({ dispositionLabel: '3+kk' }))).toBe(true);
      expect(matchesCriteria(criteria({ dispositions: ['2+kk'] }), offer({ dispositionLabel: '3+kk' }))).toBe(false);
    });

    it('does not match an offer without a layout when layouts are chosen', () => {
      expect(matchesCriteria(criteria({ dispositions: ['2+kk'] }), offer({ dispositionLabel: null }))).toBe(false);
    });

    it('does not restrict land, which has no layout', () => {
      expect(matchesCriteria(criteria({ dispositions: ['2+kk'] }), land())).toBe(true);
    });
  });

  describe('ranges', () => {
    it('includes both ends of a closed range', () => {
      expect(matchesCriteria(criteria({ area: { from: 71, to: 71 } }), offer({ area: 71 }))).toBe(true);
      expect(matchesCriteria(criteria({ area: { from: 71.5 } }), offer({ area: 71 }))).toBe(false);
      expect(matchesCriteria(criteria({ area: { to: 70.9 } }), offer({ area: 71 }))).toBe(false);
    });

    it('leaves a missing end open', () => {
      expect(matchesCriteria(criteria({ area: { from: 30 } }), offer({ area: 500 }))).toBe(true);
      expect(matchesCriteria(criteria({ area: { to: 500 } }), offer({ area: 1 }))).toBe(true);
      expect(matchesCriteria(criteria({ area: { from: null, to: null } }), offer({ area: null }))).toBe(true);
    });

    it('does not match an offer without the value when the range is restricted', () => {
      expect(matchesCriteria(criteria({ area: { from: 30 } }), offer({ area: null }))).toBe(false);
    });

    it('applies the floor area to flats and houses but not to land', () => {
      expect(matchesCriteria(criteria({ area: { from: 100 } }), house({ area: 90 }))).toBe(false);
      expect(matchesCriteria(criteria({ area: { from: 100 } }), land())).toBe(true);
    });
  });

  describe('price', () => {
    it('keeps the price within the range', () => {
      expect(matchesCriteria(criteria({ price: { from: 8_000_000, to: 8_490_000 } }), offer())).toBe(true);
      expect(matchesCriteria(criteria({ price: { to: 8_489_999 } }), offer())).toBe(false);
      expect(matchesCriteria(criteria({ price: { from: 8_490_001 } }), offer())).toBe(false);
    });

    it('matches an offer without a price only when offers without price are included', () => {
      const unpriced = offer({ price: null, pricePerM2: null, priceText: 'Cena na vyžádání' });
      expect(matchesCriteria(criteria({ includeWithoutPrice: true }), unpriced)).toBe(true);
      expect(matchesCriteria(criteria({ includeWithoutPrice: false }), unpriced)).toBe(false);
    });

    it('does not apply the price ranges to an included offer without a price', () => {
      const unpriced = offer({ price: null, pricePerM2: null });
      expect(matchesCriteria(criteria({ includeWithoutPrice: true, price: { from: 1, to: 2 }, pricePerM2: { to: 1 } }), unpriced)).toBe(true);
    });

    it('ignores includeWithoutPrice for priced offers', () => {
      expect(matchesCriteria(criteria({ includeWithoutPrice: false }), offer())).toBe(true);
    });
  });

  describe('price per m²', () => {
    it('uses the offer price per m²', () => {
      expect(matchesCriteria(criteria({ pricePerM2: { to: 119_577 } }), offer())).toBe(true);
      expect(matchesCriteria(criteria({ pricePerM2: { to: 119_576 } }), offer())).toBe(false);
    });

    it('derives it from price and floor area, or land area for land', () => {
      expect(pricePerM2Of(offer({ pricePerM2: null, price: 1_000_000, area: 50 }))).toBe(20_000);
      expect(pricePerM2Of(land({ pricePerM2: null, price: 900_000, landArea: 900 }))).toBe(1_000);
      expect(matchesCriteria(criteria({ pricePerM2: { from: 20_000, to: 20_000 } }), offer({ pricePerM2: null, price: 1_000_000, area: 50 }))).toBe(true);
    });

    it('does not match a priced offer whose price per m² is unknown when restricted', () => {
      expect(matchesCriteria(criteria({ pricePerM2: { to: 100_000 } }), offer({ pricePerM2: null, area: null }))).toBe(false);
    });
  });

  describe('land', () => {
    it('applies the land area range to land and houses', () => {
      expect(matchesCriteria(criteria({ landArea: { from: 1000 } }), land({ landArea: 900 }))).toBe(false);
      expect(matchesCriteria(criteria({ landArea: { from: 800, to: 900 } }), land({ landArea: 900 }))).toBe(true);
      expect(matchesCriteria(criteria({ landArea: { from: 1000 } }), house({ landArea: 600 }))).toBe(false);
    });

    it('does not apply the land area to flats', () => {
      expect(matchesCriteria(criteria({ landArea: { from: 1000 } }), offer())).toBe(true);
    });

    it('requires the land type among the chosen ones, for land only', () => {
      expect(matchesCriteria(criteria({ landTypes: ['BuildPlot'] }), land())).toBe(true);
      expect(matchesCriteria(criteria({ landTypes: ['Commercial'] }), land())).toBe(false);
      expect(matchesCriteria(criteria({ landTypes: ['Commercial'] }), land({ landType: null }))).toBe(false);
      expect(matchesCriteria(criteria({ landTypes: ['Commercial'] }), offer())).toBe(true);
    });
  });

  describe('house type', () => {
    it('requires the house type among the chosen ones, for houses only', () => {
      expect(matchesCriteria(criteria({ houseTypes: ['Detached', 'Cottage'] }), house())).toBe(true);
      expect(matchesCriteria(criteria({ houseTypes: ['Terraced'] }), house())).toBe(false);
      expect(matchesCriteria(criteria({ houseTypes: ['Terraced'] }), house({ houseType: null }))).toBe(false);
      expect(matchesCriteria(criteria({ houseTypes: ['Terraced'] }), offer())).toBe(true);
    });
  });

  describe('beds', () => {
    it('keeps the number of beds within the range', () => {
      expect(matchesCriteria(criteria({ beds: { from: 2, to: 3 } }), offer({ beds: 2 }))).toBe(true);
      expect(matchesCriteria(criteria({ beds: { from: 2, to: 3 } }), offer({ beds: 4 }))).toBe(false);
      expect(matchesCriteria(criteria({ beds: { from: 1 } }), offer({ beds: null }))).toBe(false);
      expect(matchesCriteria(criteria({ beds: {} }), offer({ beds: null }))).toBe(true);
    });
  });

  describe('elevator', () => {
    it('requires a lift only when asked, and only for flats', () => {
      expect(matchesCriteria(criteria({ elevatorOnly: true }), offer({ elevator: true }))).toBe(true);
      expect(matchesCriteria(criteria({ elevatorOnly: true }), offer({ elevator: false }))).toBe(false);
      expect(matchesCriteria(criteria({ elevatorOnly: true }), offer({ elevator: null }))).toBe(false);
      expect(matchesCriteria(criteria({ elevatorOnly: false }), offer({ elevator: false }))).toBe(true);
      expect(matchesCriteria(criteria({ elevatorOnly: true }), house())).toBe(true);
    });
  });

  describe('terrace types', () => {
    it('requires at least one of the chosen outdoor extras', () => {
      expect(matchesCriteria(criteria({ terraceTypes: ['Terrace', 'Balcony'] }), offer({ terraceTypes: ['Balcony'] }))).toBe(true);
      expect(matchesCriteria(criteria({ terraceTypes: ['Terrace'] }), offer({ terraceTypes: ['Balcony', 'Loggia'] }))).toBe(false);
      expect(matchesCriteria(criteria({ terraceTypes: ['Terrace'] }), offer({ terraceTypes: [] }))).toBe(false);
      expect(matchesCriteria(criteria({ terraceTypes: [] }), offer({ terraceTypes: [] }))).toBe(true);
      expect(matchesCriteria(criteria({ terraceTypes: ['Terrace'] }), land())).toBe(true);
    });
  });

  describe('places', () => {
    const at = (location: Partial<Offer['location']>) => offer({ location: { ...exampleOffer.location, ...location } });

    it('matches by region, district, municipality and Prague district code', () => {
      expect(matchesCriteria(criteria({ places: [{ kind: 'region', code: 'CZ010', name: 'Praha' }] }), offer())).toBe(true);
      expect(matchesCriteria(criteria({ places: [{ kind: 'district', code: 'CZ0100', name: 'Praha' }] }), offer())).toBe(true);
      expect(matchesCriteria(criteria({ places: [{ kind: 'municipality', code: '554782', name: 'Praha' }] }), offer())).toBe(true);
      expect(matchesCriteria(criteria({ places: [{ kind: 'pragueDistrict', code: 'PRAHA-8', name: 'Praha 8' }] }), offer())).toBe(true);
      expect(matchesCriteria(criteria({ places: [{ kind: 'pragueDistrict', code: 'PRAHA-7', name: 'Praha 7' }] }), offer())).toBe(false);
    });

    it('does not confuse a code of one kind with another kind', () => {
      expect(matchesCriteria(criteria({ places: [{ kind: 'district', code: 'CZ010', name: 'x' }] }), offer())).toBe(false);
    });

    it('matches when any of several places contains the offer', () => {
      const places = [
        { kind: 'municipality' as const, code: '582786', name: 'Brno' },
        { kind: 'pragueDistrict' as const, code: 'PRAHA-8', name: 'Praha 8' },
      ];
      expect(matchesCriteria(criteria({ places }), offer())).toBe(true);
      expect(matchesCriteria(criteria({ places: places.slice(0, 1) }), offer())).toBe(false);
    });

    it('matches outside the place within its radius, measured from the place centre', () => {
      const brnoOffer = at({ municipalityCode: '583413', districtCode: 'CZ0643', regionCode: 'CZ064', pragueDistrictCode: null, point: { lat: 49.2389, lon: 16.5497 } });
      const d = distanceKm(BRNO, brnoOffer.location.point!);
      const place = (radiusKm: number) => [{ kind: 'municipality' as const, code: '582786', name: 'Brno', point: BRNO, radiusKm }];
      expect(matchesCriteria(criteria({ places: place(0) }), brnoOffer)).toBe(false);
      expect(matchesCriteria(criteria({ places: place(Math.ceil(d)) }), brnoOffer)).toBe(true);
      expect(matchesCriteria(criteria({ places: place(d) }), brnoOffer)).toBe(true);
      expect(matchesCriteria(criteria({ places: place(Math.floor(d)) }), brnoOffer)).toBe(false);
    });

    it('cannot apply a radius without both points', () => {
      const nowhere = at({ municipalityCode: null, districtCode: null, regionCode: null, pragueDistrictCode: null, point: null, resolvedBy: 'unresolved' });
      expect(matchesCriteria(criteria({ places: [{ kind: 'region', code: 'CZ064', name: 'x', point: BRNO, radiusKm: 100 }] }), nowhere)).toBe(false);
      const far = at({ regionCode: 'CZ064', districtCode: null, municipalityCode: null, pragueDistrictCode: null });
      expect(matchesCriteria(criteria({ places: [{ kind: 'region', code: 'CZ020', name: 'x', radiusKm: 100 }] }), far)).toBe(false);
    });
  });
});

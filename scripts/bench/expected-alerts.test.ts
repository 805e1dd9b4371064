import { exampleWatchdog } from '@rr/proto/examples';
import type { Watchdog } from '@rr/proto';
import { expectedAlerts, type GroundTruth } from './expected-alerts';

const OLOMOUC = { municipalityCode: '500496', districtCode: 'CZ0712', regionCode: 'CZ071', pragueDistrict: null, lat: 49.596, lon: 17.262 };
const flat = (id: string, privateSeller: boolean): GroundTruth['properties'][number] => ({
  id, adType: 'Sale', realEstateType: 'Apartment', dispositionLabel: '2+kk', houseType: null, landType: null, area: 58, landArea: null, price: 3_540_000, privateSeller, ...OLOMOUC,
});
const truth: GroundTruth = {
  properties: [flat('P1', false), flat('P2', true)],
  listings: ['P1', 'P2'].map((propertyId, i) => ({ portal: 'sreality', listingId: String(i), propertyId, price: 3_540_000, area: 58, dispositionLabel: '2+kk', publishedAt: '2026-11-26T19:41:30.000Z' })),
};
const watchdog = (id: string, seller: 'any' | 'agency'): Watchdog => ({
  ...exampleWatchdog, id, email: `${id}@example.cz`,
  criteria: {
    ...exampleWatchdog.criteria, adTypes: ['Sale'], realEstateTypes: ['Apartment'], dispositions: ['2+kk'], price: { from: 3_400_000, to: 3_900_000 }, area: {}, pricePerM2: {},
    places: [{ kind: 'region', code: 'CZ071', name: 'Olomoucký kraj', point: { lat: 49.657, lon: 17.21 }, radiusKm: 0 }], seller,
  },
});

describe('the alerts a pipeline benchmark expects', () => {
  it('expects a matching property, and leaves unjudged one that a seller choice matches (not every portal says who sells)', () => {
    const { pairs, ambiguous } = expectedAlerts(truth, [watchdog('any', 'any'), watchdog('agency', 'agency')]);
    expect([...pairs.keys()].sort()).toEqual(['any@example.cz P1', 'any@example.cz P2']);
    expect([...ambiguous].sort()).toEqual(['agency@example.cz P1']);
  });
});

import { getGazetteer } from '@rr/gazetteer';
import { PRAGUE } from '@rr/proto';
import { planSearch } from './search-plan';

const g = getGazetteer();
const field = (i: number) => `places.${i}`;

describe('planning a search\'s places', () => {
  it('reads each kind from its index, a Prague district from Prague\'s, and names the places as a watchdog does', () => {
    const planned = planSearch(g, [
      { kind: 'region', code: 'CZ064', radiusKm: 0 }, { kind: 'district', code: 'CZ0642', radiusKm: 0 },
      { kind: 'municipality', code: '582786', radiusKm: 0 }, { kind: 'pragueDistrict', code: 'PRAHA-8', radiusKm: 0 },
    ], field);
    if (!('plan' in planned)) throw new Error(JSON.stringify(planned));
    expect(planned.plan.indexed).toEqual({ regionCode: ['CZ064'], districtCode: ['CZ0642'], municipalityCode: ['582786', PRAGUE.municipalityCode] });
    expect(planned.plan.places[2]).toMatchObject({ kind: 'municipality', code: '582786', name: 'Brno', radiusKm: 0, point: { lat: expect.any(Number), lon: expect.any(Number) } });
  });

  it('turns a radius into the municipalities around, keeping the circle for the exact check', () => {
    const planned = planSearch(g, [{ kind: 'municipality', code: '582786', radiusKm: 10 }], field);
    if (!('plan' in planned)) throw new Error(JSON.stringify(planned));
    const codes = planned.plan.indexed.municipalityCode;
    expect(codes).toContain('582786');
    expect([...codes].sort()).toEqual(g.municipalitiesNear(g.placeByCode('municipality', '582786')!.point, 10).map((m) => m.code).sort());
    expect(planned.plan.places).toEqual([expect.objectContaining({ code: '582786', radiusKm: 10 })]);
  });

  it('names every unknown code by its parameter', () => {
    expect(planSearch(g, [{ kind: 'municipality', code: '582786', radiusKm: 0 }, { kind: 'district', code: 'CZ9999', radiusKm: 0 }], field))
      .toEqual({ fields: { 'places.1': 'no district has the code CZ9999 (autocomplete gives the codes)' } });
    expect(planSearch(g, [{ kind: 'municipality', code: '1', radiusKm: 0 }], () => 'placeCode')).toEqual({ fields: { placeCode: 'no municipality has the code 1 (autocomplete gives the codes)' } });
  });
});

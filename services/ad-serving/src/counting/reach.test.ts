import { Reach, isoWeek } from './reach';

describe('reach figures', () => {
  it('names ISO weeks', () => {
    expect(isoWeek(Date.parse('2026-11-25T10:00:00Z'))).toBe('2026-W48');
    expect(isoWeek(Date.parse('2027-01-01T10:00:00Z'))).toBe('2026-W53');
    expect(isoWeek(Date.parse('2026-01-01T10:00:00Z'))).toBe('2026-W01');
  });

  it('counts e-mails per week, region and offer type, and starts afresh after each take', () => {
    const reach = new Reach();
    const t = Date.parse('2026-11-25T10:00:00Z');
    reach.add([{ regionCode: 'CZ064', districtCode: null, adType: 'Sale', realEstateType: 'Apartment' }], t);
    reach.add([{ regionCode: 'CZ064', districtCode: null, adType: 'Sale', realEstateType: 'House' }], t);
    reach.add([{ regionCode: null, districtCode: null, adType: 'Rent', realEstateType: 'House' }], t);
    expect(reach.take()).toEqual([
      { week: '2026-W48', regionCode: 'CZ064', adType: 'Sale', emails: 2 },
      { week: '2026-W48', regionCode: 'unknown', adType: 'Rent', emails: 1 },
    ]);
    expect(reach.take()).toEqual([]);
  });
});

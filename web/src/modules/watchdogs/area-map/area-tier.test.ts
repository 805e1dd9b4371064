import { MAP_AREA_LIMITS, ROLES } from '@rr/proto';
import { moduleKeysDiffer } from '../../../i18n/module-dictionary';
import { areaCopy } from './area-map.copy';
import { areaTier } from './area-tier';

describe('what a tier may draw on the map', () => {
  it('lets a visitor and a free account draw one area, then locks the next with the way to a plan', () => {
    for (const role of [null, ROLES.NONE, ROLES.USER]) {
      expect(areaTier(role, 0)).toEqual({ allowed: 1, paidAllowed: MAP_AREA_LIMITS.maxPolygons, canAdd: true, over: false, locked: false });
      expect(areaTier(role, 1)).toEqual({ allowed: 1, paidAllowed: MAP_AREA_LIMITS.maxPolygons, canAdd: false, over: false, locked: true });
    }
  });

  it('lets Mini and above draw up to the area limit, where nothing is locked (no plan gives more)', () => {
    expect(areaTier(ROLES.MINI, 1)).toMatchObject({ allowed: MAP_AREA_LIMITS.maxPolygons, canAdd: true, locked: false });
    expect(areaTier(ROLES.PREMIUM, MAP_AREA_LIMITS.maxPolygons)).toMatchObject({ allowed: MAP_AREA_LIMITS.maxPolygons, canAdd: false, over: false, locked: false });
  });

  it('tells a free account whose watchdog kept several areas from a plan that it is over', () => {
    expect(areaTier(ROLES.USER, 3)).toMatchObject({ canAdd: false, over: true, locked: true });
  });

  it('has the map\'s strings, the locked ones too, in both languages', () => {
    expect(moduleKeysDiffer(areaCopy)).toEqual([]);
    expect(areaCopy.cs['area.locked']).toContain('Mini');
    expect(areaCopy.en['area.locked']).toContain('Mini');
  });
});

import { AD_TYPES, DISPOSITION_LABELS, EMAIL_PREFERENCES as PROTO_PREFERENCES, HOUSE_TYPES, LAND_TYPES, PORTAL_NAMES as PROTO_PORTALS, REAL_ESTATE_TYPES, TERRACE_TYPES } from '@rr/proto';
import { FORM_AD_TYPES, FORM_DISPOSITIONS, FORM_HOUSE_TYPES, FORM_LAND_TYPES, FORM_REAL_ESTATE_TYPES, FORM_TERRACE_TYPES } from '../modules/watchdogs/criteria';
import { EMAIL_PREFERENCES, PORTAL_NAMES } from './proto-values';

describe('values the web keeps out of zod-bearing proto modules', () => {
  it('equal proto', () => {
    expect(EMAIL_PREFERENCES).toEqual(PROTO_PREFERENCES);
    expect(PORTAL_NAMES).toEqual(PROTO_PORTALS);
  });

  it('offer only proto enum members in the watchdog form', () => {
    expect(AD_TYPES).toEqual(expect.arrayContaining(FORM_AD_TYPES));
    expect([...REAL_ESTATE_TYPES].sort()).toEqual([...FORM_REAL_ESTATE_TYPES].sort());
    expect([...DISPOSITION_LABELS].sort()).toEqual([...FORM_DISPOSITIONS].sort());
    expect([...LAND_TYPES].sort()).toEqual([...FORM_LAND_TYPES].sort());
    expect([...HOUSE_TYPES].sort()).toEqual([...FORM_HOUSE_TYPES].sort());
    expect([...TERRACE_TYPES].sort()).toEqual([...FORM_TERRACE_TYPES].sort());
  });
});

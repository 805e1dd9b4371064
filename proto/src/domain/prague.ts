/**
 * Prague, which the codes and clocks of the whole project single out: the municipality (ZÚJ code)
 * that is also a district (LAU 1) and a region (NUTS 3), split into its own city districts; and
 * the time zone of the Czech market, in which days, caps, invoices and e-mails are dated.
 */
export const PRAGUE = { municipalityCode: '554782', districtCode: 'CZ0100', regionCode: 'CZ010' } as const;

export const PRAGUE_TIME_ZONE = 'Europe/Prague';

import { OPERATOR, formatIco } from '@rr/proto';
import type { Locale } from '@rr/proto';

/** The values the footer's company line (`footer.company`) fills in: proto's one operator record. */
export const operatorVars = (locale: Locale) => ({
  name: OPERATOR.name, ico: formatIco(OPERATOR.ico), street: OPERATOR.street, postalCode: OPERATOR.postalCode,
  city: OPERATOR.city[locale], register: OPERATOR.register[locale],
});

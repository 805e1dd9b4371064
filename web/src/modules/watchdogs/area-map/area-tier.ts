import { ROLES, entitlementsOf } from '@rr/proto';

/**
 * What the person's tier lets them draw (`mapAreaPolygons` of the one entitlement table; an
 * anonymous visitor counts as NONE): `canAdd` another polygon, or `over` the tier with a watchdog
 * kept from a paid plan (the account service refuses to save it so; removing polygons is allowed).
 * Lives with the map's chunk: the table's module brings zod, which the map already carries.
 */
export function areaTier(role: number | null, drawn: number): { allowed: number; paidAllowed: number; canAdd: boolean; over: boolean; locked: boolean } {
  const allowed = entitlementsOf(role ?? ROLES.NONE).mapAreaPolygons;
  const paidAllows = entitlementsOf(ROLES.MINI).mapAreaPolygons;
  return {
    allowed,
    /** What the lowest plan draws: the number the upgrade hint promises. */
    paidAllowed: paidAllows,
    canAdd: drawn < allowed,
    over: drawn > allowed,
    // Locked: the tier stops here while a plan would let the person go on.
    locked: drawn >= allowed && allowed < paidAllows,
  };
}

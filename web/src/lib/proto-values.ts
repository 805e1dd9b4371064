import type { EmailPreference, Portal } from '@rr/proto';

/**
 * proto's enum modules build zod schemas when loaded, which would put zod into the browser bundle;
 * these few value lists are checked against proto by a unit test (proto-values.test.ts) instead.
 */
export const EMAIL_PREFERENCES: readonly EmailPreference[] = ['notifications', 'newsletter', 'marketing'];

export const PORTAL_NAMES: Record<Portal, string> = {
  sreality: 'Sreality.cz',
  bezrealitky: 'Bezrealitky.cz',
  idnes: 'iDNES Reality',
  bazos: 'Bazoš.cz',
  ulovdomov: 'UlovDomov.cz',
  realitycz: 'Reality.cz',
  realitymix: 'RealityMix.cz',
};

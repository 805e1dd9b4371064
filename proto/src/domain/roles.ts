import { z } from 'zod';
import { ROLES, type Role as RoleNumber } from './role-levels';

export { ROLES, ROLE_LABELS, isPaying, isAdmin, hasRole } from './role-levels';
export type { RoleName } from './role-levels';
export type Role = RoleNumber;
export const Role = z.union([
  z.literal(0), z.literal(1), z.literal(3), z.literal(5), z.literal(6),
  z.literal(7), z.literal(9), z.literal(10), z.literal(10000),
]);

export type Entitlements = {
  /** Active watchdogs a person may hold at once. */
  maxActiveWatchdogs: number;
  /** Days a watchdog stays active before it must be prolonged; null = no expiry. */
  watchdogLifetimeDays: number | null;
  /** Alerts for price drops of offers already seen. */
  priceDropAlerts: boolean;
  /** Public data API scopes. */
  apiAccess: string[];
  /** Whether alert e-mails carry an advertising banner. */
  adsInEmails: boolean;
};

/**
 * The one entitlement table. Anonymous watchdogs (only an e-mail) count as NONE. The paid tiers'
 * exact limits are not in the spec; docs/decisions.md records the values chosen here.
 */
export const ENTITLEMENTS: Record<Role, Entitlements> = {
  0: { maxActiveWatchdogs: 3, watchdogLifetimeDays: 30, priceDropAlerts: false, apiAccess: [], adsInEmails: true },
  1: { maxActiveWatchdogs: 5, watchdogLifetimeDays: 30, priceDropAlerts: false, apiAccess: [], adsInEmails: true },
  3: { maxActiveWatchdogs: 10, watchdogLifetimeDays: null, priceDropAlerts: true, apiAccess: [], adsInEmails: false },
  5: { maxActiveWatchdogs: 20, watchdogLifetimeDays: null, priceDropAlerts: true, apiAccess: [], adsInEmails: false },
  6: { maxActiveWatchdogs: 50, watchdogLifetimeDays: null, priceDropAlerts: true, apiAccess: ['history'], adsInEmails: false },
  7: { maxActiveWatchdogs: 200, watchdogLifetimeDays: null, priceDropAlerts: true, apiAccess: ['history', 'report'], adsInEmails: false },
  9: { maxActiveWatchdogs: 1000, watchdogLifetimeDays: null, priceDropAlerts: true, apiAccess: ['history', 'report', 'real-estate'], adsInEmails: false },
  10: { maxActiveWatchdogs: 1000, watchdogLifetimeDays: null, priceDropAlerts: true, apiAccess: ['history', 'report', 'real-estate'], adsInEmails: false },
  10000: { maxActiveWatchdogs: 1000, watchdogLifetimeDays: null, priceDropAlerts: true, apiAccess: ['history', 'report', 'real-estate'], adsInEmails: false },
};

/** Roles are stored as numbers; an unknown number falls to the highest role not above it. */
export function entitlementsOf(role: number): Entitlements {
  const known = (Object.values(ROLES) as Role[]).filter((r) => r <= role).sort((a, b) => b - a);
  return ENTITLEMENTS[known[0] ?? ROLES.NONE];
}

import { z } from 'zod';
import { ROLES, type Role as RoleNumber } from './role-levels';
import { MAP_AREA_LIMITS } from './criteria-area';

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
  /** Alerts for matching offers back on the market after a withdrawal. */
  backOnMarketAlerts: boolean;
  /** Notices that an offer the person was alerted to is no longer active. */
  noLongerActiveNotices: boolean;
  /** Words wanted or refused and the seller choice in a watchdog's criteria (issue 19). */
  narrowingFilters: boolean;
  /**
   * Polygons one watchdog's area drawn on a map may have (issue 19): one for free watchdogs (the
   * feature tried), all `MAP_AREA_LIMITS.maxPolygons` from Mini (docs/decisions.md).
   */
  mapAreaPolygons: number;
  /** Public data API scopes. */
  apiAccess: string[];
  /** Whether alert e-mails carry an advertising banner. */
  adsInEmails: boolean;
  /** Offers one alert e-mail lists at most. */
  maxOffersPerEmail: number;
  /** A listing's price history on its detail and the premium landing page. */
  priceHistory: boolean;
  /** Non-public offers: a teaser, or the full detail. */
  nonPublicOffers: 'teaser' | 'full';
  /** Depth of the location and price analysis. */
  analytics: 'summary' | 'full' | 'trend' | 'export';
  /** Data API quota; null without API access. */
  apiQuota: { keys: number; perMinute: number; perMonth: number } | null;
  /** People who may use one account. */
  seats: number;
  /** Digests at chosen times and quiet hours (otherwise every alert goes at once). */
  scheduledDelivery: boolean;
  /** People a watchdog may be shared with (each confirms by e-mail); 0 = no sharing. */
  sharedRecipients: number;
};

/**
 * The one entitlement table. Anonymous watchdogs (only an e-mail) count as NONE. The paid tiers'
 * exact limits are not in the spec; docs/decisions.md records the values chosen here.
 */
type Extras = Pick<Entitlements, 'backOnMarketAlerts' | 'noLongerActiveNotices' | 'maxOffersPerEmail' | 'priceHistory' | 'nonPublicOffers' | 'analytics' | 'apiQuota' | 'seats'>;
type Base = Omit<Entitlements, 'scheduledDelivery' | 'sharedRecipients' | 'mapAreaPolygons'>;
/** Issue 19, docs/decisions.md ("Delivery and shared watchdogs by tier"): digests from Mini, invitees growing with the tier. */
const DELIVERY: Record<Role, Pick<Entitlements, 'scheduledDelivery' | 'sharedRecipients'>> = {
  0: { scheduledDelivery: false, sharedRecipients: 0 },
  1: { scheduledDelivery: false, sharedRecipients: 0 },
  3: { scheduledDelivery: true, sharedRecipients: 1 },
  5: { scheduledDelivery: true, sharedRecipients: 2 },
  6: { scheduledDelivery: true, sharedRecipients: 3 },
  7: { scheduledDelivery: true, sharedRecipients: 5 },
  9: { scheduledDelivery: true, sharedRecipients: 10 },
  10: { scheduledDelivery: true, sharedRecipients: 10 },
  10000: { scheduledDelivery: true, sharedRecipients: 10 },
};
const FREE_EXTRAS: Extras = { backOnMarketAlerts: false, noLongerActiveNotices: false, maxOffersPerEmail: 10, priceHistory: false, nonPublicOffers: 'teaser', analytics: 'summary', apiQuota: null, seats: 1 };
/** Mini and above: every alert about offers already seen (price drops, comebacks, withdrawals). */
const SEEN_OFFER_ALERTS = { backOnMarketAlerts: true, noLongerActiveNotices: true } as const;
const TOP_EXTRAS: Extras = {
  ...SEEN_OFFER_ALERTS,
  maxOffersPerEmail: 50, priceHistory: true, nonPublicOffers: 'full', analytics: 'export', apiQuota: { keys: 10, perMinute: 1_000, perMonth: 1_000_000 }, seats: 10,
};

const BASE: Record<Role, Base> = {
  0: { maxActiveWatchdogs: 3, watchdogLifetimeDays: 30, priceDropAlerts: false, narrowingFilters: false, apiAccess: [], adsInEmails: true, ...FREE_EXTRAS },
  1: { maxActiveWatchdogs: 5, watchdogLifetimeDays: 30, priceDropAlerts: false, narrowingFilters: false, apiAccess: [], adsInEmails: true, ...FREE_EXTRAS },
  3: { maxActiveWatchdogs: 10, watchdogLifetimeDays: null, priceDropAlerts: true, narrowingFilters: true, apiAccess: [], adsInEmails: false, ...FREE_EXTRAS, ...SEEN_OFFER_ALERTS },
  5: {
    maxActiveWatchdogs: 20, watchdogLifetimeDays: null, priceDropAlerts: true, narrowingFilters: true, apiAccess: [], adsInEmails: false,
    ...SEEN_OFFER_ALERTS, maxOffersPerEmail: 20, priceHistory: true, nonPublicOffers: 'full', analytics: 'full', apiQuota: null, seats: 1,
  },
  6: {
    maxActiveWatchdogs: 50, watchdogLifetimeDays: null, priceDropAlerts: true, narrowingFilters: true, apiAccess: ['history'], adsInEmails: false,
    ...SEEN_OFFER_ALERTS, maxOffersPerEmail: 20, priceHistory: true, nonPublicOffers: 'full', analytics: 'trend', apiQuota: { keys: 1, perMinute: 60, perMonth: 10_000 }, seats: 1,
  },
  7: {
    maxActiveWatchdogs: 200, watchdogLifetimeDays: null, priceDropAlerts: true, narrowingFilters: true, apiAccess: ['history', 'report'], adsInEmails: false,
    ...SEEN_OFFER_ALERTS, maxOffersPerEmail: 50, priceHistory: true, nonPublicOffers: 'full', analytics: 'export', apiQuota: { keys: 3, perMinute: 300, perMonth: 100_000 }, seats: 3,
  },
  9: { maxActiveWatchdogs: 1000, watchdogLifetimeDays: null, priceDropAlerts: true, narrowingFilters: true, apiAccess: ['history', 'report', 'real-estate'], adsInEmails: false, ...TOP_EXTRAS },
  10: { maxActiveWatchdogs: 1000, watchdogLifetimeDays: null, priceDropAlerts: true, narrowingFilters: true, apiAccess: ['history', 'report', 'real-estate'], adsInEmails: false, ...TOP_EXTRAS },
  10000: { maxActiveWatchdogs: 1000, watchdogLifetimeDays: null, priceDropAlerts: true, narrowingFilters: true, apiAccess: ['history', 'report', 'real-estate'], adsInEmails: false, ...TOP_EXTRAS },
};

/**
 * Issue 19, docs/decisions.md ("Areas drawn on a map by tier"): every tier draws an area (it is a
 * way to say where, like picking a place), free tiers one polygon, paying tiers several.
 */
const MAP_AREAS: Record<Role, Pick<Entitlements, 'mapAreaPolygons'>> = {
  0: { mapAreaPolygons: 1 },
  1: { mapAreaPolygons: 1 },
  3: { mapAreaPolygons: MAP_AREA_LIMITS.maxPolygons },
  5: { mapAreaPolygons: MAP_AREA_LIMITS.maxPolygons },
  6: { mapAreaPolygons: MAP_AREA_LIMITS.maxPolygons },
  7: { mapAreaPolygons: MAP_AREA_LIMITS.maxPolygons },
  9: { mapAreaPolygons: MAP_AREA_LIMITS.maxPolygons },
  10: { mapAreaPolygons: MAP_AREA_LIMITS.maxPolygons },
  10000: { mapAreaPolygons: MAP_AREA_LIMITS.maxPolygons },
};

export const ENTITLEMENTS = Object.fromEntries(
  (Object.keys(BASE) as unknown as Role[]).map((role) => [role, { ...BASE[role], ...DELIVERY[role], ...MAP_AREAS[role] }]),
) as Record<Role, Entitlements>;

/** Roles are stored as numbers; an unknown number falls to the highest role not above it. */
export function entitlementsOf(role: number): Entitlements {
  const known = (Object.values(ROLES) as Role[]).filter((r) => r <= role).sort((a, b) => b - a);
  return ENTITLEMENTS[known[0] ?? ROLES.NONE];
}

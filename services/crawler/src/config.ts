import { z } from 'zod';
import { BaseConfig } from '@rr/kit';
import { PORTALS, type Portal } from '@rr/proto';

/**
 * Politeness defaults per portal follow what long-running scrapers use against the real sites
 * (shared/portals.md §10). They stay conservative on purpose: a base URL pointed at a real portal
 * must never hammer it. The simulator and benchmarks raise them with CRAWL_RATE_MULTIPLIER.
 * `burst` is how many requests may follow one another without the rate's spacing after a quiet
 * spell (one at a time all the same, as a person opening a list and two ads): the average rate
 * is unchanged, but a tick's few new listings are not spread over seconds at Bazoš's 0.5/s.
 */
const PORTAL_DEFAULTS: Record<Portal, { ratePerSecond: number; concurrency: number; burst: number }> = {
  sreality: { ratePerSecond: 4, concurrency: 2, burst: 4 },
  bezrealitky: { ratePerSecond: 2, concurrency: 2, burst: 3 },
  idnes: { ratePerSecond: 3, concurrency: 2, burst: 3 },
  bazos: { ratePerSecond: 0.5, concurrency: 1, burst: 3 },
  ulovdomov: { ratePerSecond: 2, concurrency: 1, burst: 3 },
  realitycz: { ratePerSecond: 1, concurrency: 1, burst: 3 },
  realitymix: { ratePerSecond: 1, concurrency: 1, burst: 3 },
};

/**
 * robots.txt is honoured everywhere except where a reason is written here (and in the README).
 * Sreality disallows `/api/` to every bot, yet its own public pages load all listing data from
 * that API in each visitor's browser; we read the same public JSON a visitor's browser does, at
 * a fraction of one visitor's request rate, and nothing else from the site.
 */
export const ROBOTS_DEFAULTS: Record<Portal, { honour: boolean; reason?: string }> = {
  sreality: { honour: false, reason: 'robots.txt disallows /api/, which the public site itself uses for every listing page' },
  bezrealitky: { honour: true },
  idnes: { honour: true },
  bazos: { honour: true },
  ulovdomov: { honour: true },
  realitycz: { honour: true },
  realitymix: { honour: true },
};

const envName = (prefix: string, portal: Portal) => `${prefix}_${portal.toUpperCase()}`;

const bool = (fallback: 'true' | 'false') => z.enum(['true', 'false']).default(fallback).transform((v) => v === 'true');

function perPortal(prefix: string, schemaOf: (portal: Portal) => z.ZodTypeAny): Record<string, z.ZodTypeAny> {
  return Object.fromEntries(PORTALS.map((p) => [envName(prefix, p), schemaOf(p)]));
}

export const CrawlerConfig = BaseConfig.extend({
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(8201),
  /** The administration's API (`/admin/crawlers`, through the gateway): figures, pause and resume. */
  CRAWLER_API_PORT: z.coerce.number().int().min(0).max(65535).default(8101),
  /** Verifies the session tokens the account service signs (administrators only). */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters'),
  /** Identifies this instance in health and logs; defaults to host name and pid. */
  CRAWLER_INSTANCE_ID: z.string().optional(),
  CRAWL_USER_AGENT: z.string().default('RealityRadarBot/1.0 (+https://reality-radar.cz/bot)'),
  /** Scales every portal's rate and concurrency; for the simulator and benchmarks only. */
  CRAWL_RATE_MULTIPLIER: z.coerce.number().positive().default(1),
  CRAWL_REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  CRAWL_MAX_RETRIES: z.coerce.number().int().min(0).default(4),
  CRAWL_BACKOFF_BASE_MS: z.coerce.number().int().positive().default(500),
  CRAWL_BACKOFF_CAP_MS: z.coerce.number().int().positive().default(30_000),
  /** A Retry-After longer than this gives the request up (the host stays paused for the whole wait). */
  CRAWL_MAX_RETRY_AFTER_MS: z.coerce.number().int().positive().default(120_000),
  CRAWL_CIRCUIT_FAILURES: z.coerce.number().int().positive().default(5),
  CRAWL_CIRCUIT_COOLDOWN_MS: z.coerce.number().int().positive().default(60_000),
  CRAWL_ROBOTS_TTL_SECONDS: z.coerce.number().int().positive().default(3_600),
  /** Pages an incremental walk reads at most before it stops looking for known listings. */
  CRAWL_MAX_PAGES: z.coerce.number().int().positive().default(20),
  /** A full walk (withdrawal detection) reads every page up to this many. */
  CRAWL_FULL_WALK_MAX_PAGES: z.coerce.number().int().positive().default(500),
  CRAWL_FULL_WALK_SECONDS: z.coerce.number().positive().default(900),
  /** Alert when a portal has yielded no parsed listing for this long (a layout change). */
  CRAWL_ALERT_AFTER_SECONDS: z.coerce.number().positive().default(900),
  /** How long a claimed crawl is held before another instance may take the portal over. */
  CRAWL_LEASE_SECONDS: z.coerce.number().positive().default(120),
  /** How often each instance checks for portals whose tick chain has died. */
  CRAWL_SEED_CHECK_SECONDS: z.coerce.number().positive().default(10),
  /** A tick this much overdue (and at least 3 intervals) counts as lost and is seeded again. */
  CRAWL_TICK_GRACE_SECONDS: z.coerce.number().positive().default(30),
  /** Saved pages in a portal's listing journal after which it is folded into one snapshot. */
  CRAWL_JOURNAL_COMPACT_PAGES: z.coerce.number().int().positive().default(200),
  CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
  ...perPortal('PORTAL_BASE_URL', (p) => z.string().url().default(`http://localhost:8090/${p}`)),
  ...perPortal('PORTAL_ENABLED', () => bool('true')),
  ...perPortal('PORTAL_INTERVAL_SECONDS', () => z.coerce.number().positive().default(5)),
  ...perPortal('PORTAL_RATE', (p) => z.coerce.number().positive().default(PORTAL_DEFAULTS[p].ratePerSecond)),
  ...perPortal('PORTAL_BURST', (p) => z.coerce.number().int().positive().default(PORTAL_DEFAULTS[p].burst)),
  ...perPortal('PORTAL_CONCURRENCY', (p) => z.coerce.number().int().positive().default(PORTAL_DEFAULTS[p].concurrency)),
  /** `honour` or `ignore`; unset takes ROBOTS_DEFAULTS above. Ignoring needs a documented reason (README). */
  ...perPortal('PORTAL_ROBOTS', () => z.enum(['honour', 'ignore']).optional()),
});
export type CrawlerConfig = z.infer<typeof CrawlerConfig>;

export type PortalSettings = {
  portal: Portal;
  enabled: boolean;
  baseUrl: string;
  intervalMs: number;
  ratePerSecond: number;
  /** Requests that may go without the rate's spacing after a quiet spell (token bucket size). */
  burst: number;
  concurrency: number;
  honourRobots: boolean;
  /** Why robots.txt is ignored, when it is (shown in health). */
  robotsNote: string | null;
};

/** The per-portal slice of the configuration, read once. */
export function portalSettingsOf(config: CrawlerConfig): Record<Portal, PortalSettings> {
  const env = config as unknown as Record<string, unknown>;
  const value = <T>(prefix: string, p: Portal) => env[envName(prefix, p)] as T;
  return Object.fromEntries(
    PORTALS.map((p) => [
      p,
      {
        portal: p,
        enabled: value<boolean>('PORTAL_ENABLED', p),
        baseUrl: value<string>('PORTAL_BASE_URL', p).replace(/\/+$/, ''),
        intervalMs: value<number>('PORTAL_INTERVAL_SECONDS', p) * 1000,
        ratePerSecond: value<number>('PORTAL_RATE', p) * config.CRAWL_RATE_MULTIPLIER,
        burst: Math.max(1, Math.round(value<number>('PORTAL_BURST', p) * config.CRAWL_RATE_MULTIPLIER)),
        concurrency: Math.min(64, Math.max(1, Math.round(value<number>('PORTAL_CONCURRENCY', p) * config.CRAWL_RATE_MULTIPLIER))),
        ...robotsOf(p, value<'honour' | 'ignore' | undefined>('PORTAL_ROBOTS', p)),
      },
    ]),
  ) as Record<Portal, PortalSettings>;
}

function robotsOf(portal: Portal, configured: 'honour' | 'ignore' | undefined): Pick<PortalSettings, 'honourRobots' | 'robotsNote'> {
  if (configured === 'honour') return { honourRobots: true, robotsNote: null };
  if (configured === 'ignore') return { honourRobots: false, robotsNote: `ignored by PORTAL_ROBOTS_${portal.toUpperCase()}` };
  const fallback = ROBOTS_DEFAULTS[portal];
  return { honourRobots: fallback.honour, robotsNote: fallback.honour ? null : `ignored: ${fallback.reason}` };
}

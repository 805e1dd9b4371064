import path from 'node:path';
import { BaseConfig, REPO_ROOT } from '@rr/kit';
import { z } from 'zod';

const DEFAULT_HEALTH_URLS = [
  'crawler=http://127.0.0.1:8201/health',
  'normaliser=http://127.0.0.1:8202/health',
  'matcher=http://127.0.0.1:8203/health',
  'notifier=http://127.0.0.1:8204/health',
  'account=http://127.0.0.1:8205/health',
  'billing=http://127.0.0.1:8206/health',
  'ad-serving=http://127.0.0.1:8207/health',
  'analytics=http://127.0.0.1:8208/health',
  'ops=http://127.0.0.1:8209/health',
  'account-api=http://127.0.0.1:8105/health',
].join(',');

/** `name=url` pairs, comma separated. */
const healthUrls = z.string().transform((s, ctx) => {
  const entries = s.split(',').map((p) => p.trim()).filter(Boolean).map((p) => {
    const eq = p.indexOf('=');
    return [p.slice(0, eq).trim(), p.slice(eq + 1).trim()] as const;
  });
  for (const [name, url] of entries) {
    if (!name || !/^https?:\/\//.test(url)) ctx.addIssue({ code: 'custom', message: `expected name=http://… pairs, got "${name}=${url}"` });
  }
  return Object.fromEntries(entries) as Record<string, string>;
});

export const GatewayConfig = BaseConfig.extend({
  GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  ACCOUNT_URL: z.string().url().default('http://127.0.0.1:8105'),
  OFFERS_URL: z.string().url().default('http://127.0.0.1:8102'),
  BILLING_URL: z.string().url().default('http://127.0.0.1:8106'),
  /** The ad service: advertisers' API, banner images and click redirects of the e-mails. */
  ADS_URL: z.string().url().default('http://127.0.0.1:8107'),
  /** The crawler's admin API (any instance answers: the figures come from its database). */
  CRAWLER_URL: z.string().url().default('http://127.0.0.1:8101'),
  /** The ops service: the dead-letter administration. */
  OPS_URL: z.string().url().default('http://127.0.0.1:8109'),
  /** Price reports and estimates (the analytics service). */
  ANALYTICS_URL: z.string().url().default('http://127.0.0.1:8108'),
  SERVICE_HEALTH_URLS: healthUrls.default(DEFAULT_HEALTH_URLS),
  HEALTH_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(1_500),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEB_DIST: z.string().default(path.join(REPO_ROOT, 'web/dist')),
  /** The site's public origin: canonical URLs, hreflang alternates, sitemap.xml and the feeds. */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /** Express "trust proxy": which hops may set X-Forwarded-For (client addresses for rate limits). */
  TRUST_PROXY: z.string().default('loopback'),
  JSON_BODY_LIMIT: z.string().default('100kb'),
  /** Further image origins for the CSP, space separated (offer photos over plain http, e.g. a staging portal mirror). */
  CSP_IMG_SOURCES: z.string().default('').transform((s) => s.split(/\s+/).filter(Boolean)),
});
export type GatewayConfig = z.infer<typeof GatewayConfig>;

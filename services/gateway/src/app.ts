import { existsSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type Express } from 'express';
import type { Gazetteer } from '@rr/gazetteer';
import { httpObservability, localeOf, type Logger } from '@rr/kit';
import { autocomplete } from './autocomplete';
import type { GatewayConfig } from './config';
import { aggregateHealth } from './health/aggregate-health';
import { correlation } from './http/correlation';
import { errorHandler } from './http/error-handler';
import { adsRoutes } from './http/ads-routes';
import { proxyTo } from './http/proxy';
import { streamProxyTo } from './http/stream-proxy';
import { securityHeaders } from './http/security-headers';
import { webClient } from './http/web-client';
import { openApiDocument } from './openapi/document';
import { publicApiV1 } from './public-api/v1.router';
import { seoRouter } from './seo/seo.router';

export type GatewayDeps = { config: GatewayConfig; log: Logger; gazetteer: () => Gazetteer };

const ACCOUNT_ROUTES = ['/api/auth', '/api/user', '/api/filters', '/api/profile', '/api/contact', '/api/admin'];

export function createGatewayApp({ config, log, gazetteer }: GatewayDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  app.use(httpObservability('gateway'));
  // The banner images and click redirects inside alert e-mails, served from our origin (short
  // timeout: an image is never worth a wait). Mounted before the page middleware (security
  // headers, correlation, compression): thousands a second after a mailing, none of it applies.
  app.use('/a', streamProxyTo(config.ADS_URL, Math.min(config.UPSTREAM_TIMEOUT_MS, 5_000), log));
  // Outside production the offer photos come from the local portal simulator over plain http.
  const localImages = config.NODE_ENV === 'production' ? [] : ['http://localhost:*', 'http://127.0.0.1:*'];
  app.use(securityHeaders({ imgSources: [...localImages, ...config.CSP_IMG_SOURCES] }));
  app.use(correlation());
  // br or gzip for API answers and any file without a precompressed sibling (1 kB and up).
  app.use(compression());

  const api = express.Router();
  // A watchdog's area drawn on the map may come with many points; the account service refuses too many with a message.
  api.use('/filters', express.json({ limit: '1mb' }));
  api.use(express.json({ limit: config.JSON_BODY_LIMIT }));
  // One-click unsubscribe (RFC 8058) posts a form body.
  api.use(express.urlencoded({ extended: false, limit: '16kb' }));
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  api.get('/health', async (_req, res) => {
    const report = await aggregateHealth(config.SERVICE_HEALTH_URLS, config.HEALTH_TIMEOUT_MS);
    res.status(report.ok ? 200 : 503).json(report);
  });
  api.get('/openapi.json', (_req, res) => res.json(openApiDocument()));
  api.get('/autocomplete', autocomplete(gazetteer));

  // Admin screens of services other than the account's; each checks the admin's session itself.
  api.use('/admin/crawlers', proxyTo(config.CRAWLER_URL, config.UPSTREAM_TIMEOUT_MS, log));
  api.use('/admin/dead-letters', proxyTo(config.OPS_URL, config.UPSTREAM_TIMEOUT_MS, log));
  const toAccount = proxyTo(config.ACCOUNT_URL, config.UPSTREAM_TIMEOUT_MS, log);
  for (const prefix of ACCOUNT_ROUTES) api.use(prefix.replace(/^\/api/, ''), (req, res, next) => toAccount(req, res, next));
  // The public data API: API keys, limits and its own OpenAPI document (docs/decisions.md, "Public data API").
  api.use('/v1', publicApiV1({ accountUrl: config.ACCOUNT_URL, analyticsUrl: config.ANALYTICS_URL, offersUrl: config.OFFERS_URL, timeoutMs: config.UPSTREAM_TIMEOUT_MS, log, gazetteer }));
  api.use('/offers', proxyTo(config.OFFERS_URL, config.UPSTREAM_TIMEOUT_MS, log));
  // Checkout, payments, subscription, and GoPay's public notification call (GET ?id=).
  api.use('/billing', proxyTo(config.BILLING_URL, config.UPSTREAM_TIMEOUT_MS, log));
  // Advertisers' self-service, reports and the administrators' review (banner uploads as raw bytes).
  // Price reports for the web client's widgets and analysis page.
  api.use('/analytics', proxyTo(config.ANALYTICS_URL, config.UPSTREAM_TIMEOUT_MS, log));
  api.use('/ads', adsRoutes(proxyTo(config.ADS_URL, config.UPSTREAM_TIMEOUT_MS, log)));
  api.use((req, res) => {
    res.status(404).json({ error: { code: 'NOT_FOUND', message: localeOf(req) === 'en' ? 'Page not found.' : 'Stránka nebyla nalezena.' } });
  });
  app.use('/api', api);

  const dist = path.resolve(config.WEB_DIST);
  if (existsSync(path.join(dist, 'index.html'))) {
    app.use(seoRouter({ dist, publicUrl: config.PUBLIC_URL, offersUrl: config.OFFERS_URL, adsUrl: config.ADS_URL, timeoutMs: config.UPSTREAM_TIMEOUT_MS, log }));
    app.use(webClient(dist));
  } else {
    log.warn({ dist }, 'web client not built; serving the API only');
  }
  app.use(errorHandler(log));
  return app;
}

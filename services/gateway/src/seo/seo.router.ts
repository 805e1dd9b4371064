import express, { type Request, type Router } from 'express';
import type { Offer } from '@rr/proto';
import type { Logger } from '@rr/kit';
import { blogFeed, robotsTxt, sitemapXml } from './feeds';
import { renderShell } from './head';
import { pageHead, type Advertiser } from './pages';
import { SiteData } from './site-data';

export type SeoOptions = { dist: string; publicUrl: string; offersUrl: string; adsUrl?: string; timeoutMs: number; log: Logger };

/**
 * What search engines and link previews read without running JavaScript: sitemap.xml, robots.txt,
 * the blog's feeds, and public pages whose HTML already carries their title, description,
 * hreflang alternates, Open Graph tags and JSON-LD (offers from the offers API). Anything else
 * falls through to the client's shell.
 */
export function seoRouter({ dist, publicUrl, offersUrl, adsUrl, timeoutMs, log }: SeoOptions): Router {
  const site = new SiteData(dist);
  const origin = publicUrl.replace(/\/+$/, '');
  const router = express.Router();
  const ready = (_req: Request, _res: unknown, next: (e?: unknown) => void) => (site.available() ? next() : next('router'));

  const offers = async (id: string): Promise<Offer | null> => {
    try {
      const res = await fetch(`${offersUrl}/offers/${encodeURIComponent(id)}`, { signal: AbortSignal.timeout(timeoutMs) });
      return res.ok ? ((await res.json()) as { data: Offer }).data : null;
    } catch (err) {
      log.warn({ err, offerId: id }, 'offer head: offers API did not answer; serving the plain shell');
      return null;
    }
  };

  const advertisers = async (id: string): Promise<Advertiser | null> => {
    if (!adsUrl) return null;
    try {
      const res = await fetch(`${adsUrl}/ads/advertisers/${encodeURIComponent(id)}`, { signal: AbortSignal.timeout(timeoutMs) });
      return res.ok ? ((await res.json()) as { data: Advertiser }).data : null;
    } catch (err) {
      log.warn({ err, advertiserId: id }, 'advertiser head: the ad service did not answer; serving the plain shell');
      return null;
    }
  };

  router.get('/robots.txt', (_req, res) => res.type('text/plain').set('Cache-Control', 'public, max-age=3600').send(robotsTxt(origin)));
  router.get('/sitemap.xml', ready, async (_req, res, next) => {
    try {
      res.type('application/xml').set('Cache-Control', 'public, max-age=3600').send(await sitemapXml(site, origin));
    } catch (err) {
      next(err);
    }
  });
  router.get(/^\/blog\/(feed|atom)(\.en)?\.xml$/, ready, (req, res) => {
    const [, kind, en] = /^\/blog\/(feed|atom)(\.en)?\.xml$/.exec(req.path)!;
    res.type(kind === 'feed' ? 'application/rss+xml' : 'application/atom+xml').set('Cache-Control', 'public, max-age=3600')
      .send(blogFeed(site, origin, en ? 'en' : 'cs', kind === 'feed' ? 'rss' : 'atom'));
  });
  router.get('*', ready, async (req, res, next) => {
    if (req.path.startsWith('/assets/') || req.path.startsWith('/content/') || /\.[a-z0-9]+$/i.test(req.path)) return next();
    try {
      const head = await pageHead(site, origin, req.path, req.query.lang, offers, advertisers);
      if (!head) return next();
      res.type('text/html').set('Cache-Control', 'no-cache').send(renderShell(site.shell(), head));
    } catch (err) {
      next(err);
    }
  });
  return router;
}

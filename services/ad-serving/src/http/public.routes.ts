import { Router, type Request, type Response } from 'express';
import type { Logger } from '@rr/kit';
import { verifyAdToken } from '../domain/ad-token';
import { classifyClick, classifyImageFetch, type CountingRules } from '../domain/counting';
import { solidPng } from '../domain/png';
import type { Counter } from '../counting/counter';
import type { BannerRepository } from '../repositories/banner.repository';
import type { LiveState } from '../serving/live-state';

/** Answered for a forged or expired token, or a banner that is gone: a transparent pixel. */
const HARMLESS = solidPng(1, 1);
const BANNERS_CACHED = 500;

export type PublicDeps = { live: LiveState; banners: BannerRepository; counter: Counter; secret: string; rules: CountingRules; publicUrl: string; log: Logger };

/**
 * The URLs inside the e-mails, through the gateway on our origin: `/a/i/<token>/d.png` (desktop
 * banner) and `m.png` (mobile), `/a/c/<token>` (click), `/a/b/<bannerId>` (the advertiser's
 * preview). They answer at once from memory; counting happens in the next round.
 */
export function publicRoutes(d: PublicDeps): Router {
  const r = Router();
  const cache = new Map<string, { bytes: Buffer; contentType: string }>();
  const home = d.publicUrl.replace(/\/$/, '') + '/';

  const banner = async (id: string) => {
    const hit = cache.get(id);
    if (hit) return hit;
    const found = await d.banners.findById(id);
    if (!found) return null;
    if (cache.size >= BANNERS_CACHED) cache.delete(cache.keys().next().value!);
    const entry = { bytes: found.bytes, contentType: found.contentType };
    cache.set(id, entry);
    return entry;
  };
  const image = (res: Response, img: { bytes: Buffer; contentType: string } | null) => {
    // Gmail's proxy ignores it, but no other cache should keep a counted image.
    res.set('Cache-Control', 'no-store, private').type(img?.contentType ?? 'image/png').send(img?.bytes ?? HARMLESS);
  };

  r.get('/a/i/:token/:variant(d|m).png', (req, res) => {
    const now = Date.now();
    const check = verifyAdToken(d.secret, req.params.token, now);
    if (!check.ok) return image(res, null);
    const { campaignId, emailId, issuedAt } = check.claims;
    d.counter.fetched({ campaignId, emailId, issuedAt, at: now, cls: classifyImageFetch(requestOf(req, now, issuedAt), d.rules) });
    void d.live.campaign(campaignId)
      .then((c) => {
        const id = c?.banners[req.params.variant === 'm' ? 'mobile' : 'desktop'];
        return id ? banner(id) : null;
      })
      .then((img) => image(res, img))
      .catch((err: Error) => {
        d.log.warn({ err, campaignId }, 'banner not read; a blank pixel answered');
        image(res, null);
      });
  });

  r.get('/a/c/:token', (req, res) => {
    const now = Date.now();
    const check = verifyAdToken(d.secret, req.params.token, now);
    res.set('Cache-Control', 'no-store, private');
    if (!check.ok) return res.redirect(302, home);
    const { campaignId, emailId, issuedAt } = check.claims;
    if (classifyClick(requestOf(req, now, issuedAt), d.rules) === 'counted') d.counter.clicked({ campaignId, emailId, at: now });
    void d.live.campaign(campaignId)
      .then((c) => res.redirect(302, c?.targetUrl ?? home))
      .catch(() => res.redirect(302, home));
  });

  r.get('/a/b/:bannerId', (req, res) => {
    void banner(req.params.bannerId).then((img) => (img ? image(res, img) : res.status(404).type('image/png').send(HARMLESS)), () => res.status(503).end());
  });
  return r;
}

function requestOf(req: Request, at: number, issuedAt: number) {
  return { method: req.method, userAgent: req.get('user-agent') ?? '', at, issuedAt };
}

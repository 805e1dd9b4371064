import express, { Router, type RequestHandler } from 'express';
import { localeOf } from '@rr/kit';

/** Read no further than this: the ad service refuses a banner over 150 kB with its own words. */
const UPLOAD_LIMIT = 1024 * 1024;
const TOO_LARGE = {
  cs: 'Soubor je příliš velký; banner může mít nejvýše 150 kB.',
  en: 'The file is too large; a banner may have at most 150 kB.',
};

/**
 * `/api/ads/…` to the ad service. A banner upload is the image's bytes as the body (any type:
 * the ad service checks the bytes themselves); an oversized one is refused from its declared
 * length before it is read.
 */
export function adsRoutes(toAds: RequestHandler): Router {
  const r = Router();
  r.put('/campaigns/:id/banners/:size', (req, res, next) => {
    if (Number(req.headers['content-length'] ?? 0) > UPLOAD_LIMIT) {
      res.status(413).set('Connection', 'close').json({ error: { code: 'PAYLOAD_TOO_LARGE', message: TOO_LARGE[localeOf(req)] } });
      return;
    }
    next();
  }, express.raw({ type: () => true, limit: UPLOAD_LIMIT }), toAds);
  r.use(toAds);
  return r;
}

import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { adminOf, type Logger } from '@rr/kit';
import type { CrawlerAdmin } from './crawler-admin';

/**
 * `/admin/crawlers` as the gateway forwards it (`/api/admin/crawlers…`): administrators only,
 * checked from the session token the account service signed.
 */
export function crawlerAdminRoutes(admin: CrawlerAdmin, jwtSecret: string, log: Logger): Router {
  const r = Router();
  r.use(express.json({ limit: '4kb' }));
  const route = (fn: (req: Request) => Promise<unknown>) => (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    fn(req).then((data) => res.json({ data }), next);
  };

  r.get('/admin/crawlers', route(async (req) => {
    adminOf(req, jwtSecret);
    return admin.overview();
  }));

  for (const [verb, pause] of [['pause', true], ['resume', false]] as const) {
    r.post(`/admin/crawlers/:portal/${verb}`, route(async (req) => {
      const who = adminOf(req, jwtSecret);
      const result = await admin.setPaused(req.params.portal, pause, who);
      log.info({ portal: result.portal, admin: who.email }, pause ? 'portal paused' : 'portal resumed');
      return result;
    }));
  }
  return r;
}

import { randomUUID } from 'node:crypto';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { AppError, type Logger } from '@rr/kit';
import { AD_BANNER_SIZES, AdCampaignBody, AdCampaignStatus, CORRELATION_HEADER, type AdBannerSize, type AdCreditView, type AdReportRow } from '@rr/proto';
import type { CampaignService } from '../campaigns/campaign.service';
import { pragueDay } from '../domain/frequency-cap';
import { BANNER_SIZES, MAX_TOP_UP, MIN_TOP_UP, PRICE_TIERS, WEEKLY_PRICE, pricePerView } from '../domain/pricing';
import { MAX_BANNER_BYTES } from '../domain/banner-check';
import { isoWeek } from '../counting/reach';
import type { CampaignRepository } from '../repositories/campaign.repository';
import type { CreditRepository } from '../repositories/credit.repository';
import type { StatsRepository } from '../repositories/stats.repository';
import type { LiveState } from '../serving/live-state';
import { requireAdmin, sessionUserOf, type SessionUser } from './auth';
import { reportCsv } from './report-csv';

export type ApiDeps = { campaigns: CampaignRepository; credit: CreditRepository; stats: StatsRepository; live: LiveState; service: CampaignService; jwtSecret: string; log: Logger };
type Handler = (req: Request, log: Logger) => Promise<unknown>;

/** The advertiser and administrator API, as the gateway forwards it (`/api/ads/…` → `/ads/…`). */
export function apiRoutes(d: ApiDeps): Router {
  const r = Router();
  const route = (fn: Handler) => (req: Request, res: Response, next: NextFunction) => {
    const header = req.headers[CORRELATION_HEADER];
    const correlationId = (typeof header === 'string' && header.length <= 100 && header) || randomUUID();
    fn(req, d.log.child({ correlationId })).then((data) => res.json({ data }), next);
  };
  const me = (req: Request): SessionUser => sessionUserOf(req, d.jwtSecret);
  const body = <S extends z.ZodTypeAny>(schema: S, req: Request): z.infer<S> => {
    const parsed = schema.safeParse(req.body);
    if (!parsed.success) throw validation(parsed.error);
    return parsed.data;
  };

  // What /inzerce shows: the price list, the sizes and the live reach of the last full week.
  r.get('/ads/offer', route(async () => {
    const week = isoWeek(Date.now() - 7 * 86_400_000);
    const reach = await d.stats.reachOfWeek(week);
    return {
      priceTiers: PRICE_TIERS, weeklyPrice: WEEKLY_PRICE, minTopUp: MIN_TOP_UP, bannerSizes: BANNER_SIZES, maxBannerBytes: MAX_BANNER_BYTES,
      reach: { week, emails: reach.reduce((s, x) => s + x.emails, 0), byRegion: groupSum(reach, (x) => x.regionCode), byAdType: groupSum(reach, (x) => x.adType) },
    };
  }));

  r.get('/ads/advertiser', route(async (req) => {
    const a = await d.credit.findAdvertiser(me(req).id);
    return a ? { company: a.company, termsAcceptedAt: a.termsAcceptedAt.toISOString() } : null;
  }));
  r.put('/ads/advertiser', route(async (req) => {
    const user = me(req);
    const b = body(z.object({ company: z.string().trim().min(1).max(120), termsAccepted: z.literal(true) }), req);
    const now = new Date();
    await d.credit.saveAdvertiser({ _id: user.id, email: user.email, locale: user.locale, company: b.company, termsAcceptedAt: now, createdAt: now });
    return { company: b.company, termsAcceptedAt: now.toISOString() };
  }));

  /**
   * Public: who an advertiser is and what they advertise now (the page `/uzivatel/:id` that the
   * e-mails' "about this ad" leads to: the advertiser on whose behalf an ad is shown, DSA art. 26).
   * Only the company name the advertiser gave when accepting the terms, never the e-mail.
   */
  r.get('/ads/advertisers/:id', route(async (req) => {
    const advertiser = await d.credit.findAdvertiser(req.params.id.slice(0, 100));
    if (!advertiser) throw new AppError('NOT_FOUND', 'no such advertiser');
    const now = Date.now();
    const running = (await d.campaigns.findByAdvertiser(advertiser._id, 50))
      .filter((c) => c.status === 'approved' && c.startsAt.getTime() <= now && c.endsAt.getTime() > now);
    return {
      id: advertiser._id, company: advertiser.company, since: advertiser.termsAcceptedAt.toISOString(),
      campaigns: running.map((c) => {
        const v = d.service.view(c);
        return { id: v.id, name: v.name, alt: v.alt, targetUrl: v.targetUrl, targeting: v.targeting, startsAt: v.startsAt, endsAt: v.endsAt, banners: v.banners };
      }),
    };
  }));

  r.get('/ads/campaigns', route(async (req) => {
    const user = me(req);
    const list = await d.campaigns.findByAdvertiser(user.id);
    await d.live.totalsOf(list.map((c) => c._id));
    return list.map((c) => d.service.view(c));
  }));
  r.post('/ads/campaigns', route(async (req) => d.service.view(await d.service.create(me(req), body(AdCampaignBody, req)))));
  r.get('/ads/campaigns/:id', route(async (req) => {
    const c = await d.service.own(me(req), req.params.id);
    await d.live.totalsOf([c._id]);
    return d.service.view(c);
  }));
  r.put('/ads/campaigns/:id', route(async (req) => d.service.view(await d.service.update(me(req), req.params.id, body(AdCampaignBody, req)))));
  r.put('/ads/campaigns/:id/banners/:size', express.raw({ type: () => true, limit: '1mb' }), route(async (req) => {
    const size = req.params.size as AdBannerSize;
    if (!AD_BANNER_SIZES.includes(size)) throw new AppError('NOT_FOUND', `no banner size ${size}; desktop or mobile`);
    const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (bytes.length === 0) throw new AppError('VALIDATION_FAILED', 'send the image file as the request body', { fields: { [size]: 'empty' } });
    return d.service.view(await d.service.upload(me(req), req.params.id, size, bytes));
  }));
  r.post('/ads/campaigns/:id/submit', route(async (req) => d.service.view(await d.service.submit(me(req), req.params.id))));
  r.post('/ads/campaigns/:id/pause', route(async (req) => d.service.view(await d.service.pauseOwn(me(req), req.params.id))));

  r.get('/ads/credit', route(async (req): Promise<AdCreditView> => {
    const user = me(req);
    await d.live.creditsOf([user.id]);
    const credit = d.live.credits.get(user.id)!;
    const entries = await d.credit.entriesOf(user.id, 200);
    return {
      balance: credit.balance, deposited: credit.deposited, charged: credit.charged, pricePerView: pricePerView(credit.deposited),
      entries: entries.map((e) => ({ id: e._id, kind: e.kind, amount: e.amount, views: e.views, campaignId: e.campaignId, at: e.at.toISOString() })),
    };
  }));

  r.get('/ads/report', route(async (req) => reportOf(d, me(req), req)));
  r.get('/ads/report.csv', (req, res, next) => {
    reportOf(d, me(req), req).then((rows) => {
      res.type('text/csv; charset=utf-8').setHeader('content-disposition', 'attachment; filename="reality-radar-ads-report.csv"');
      res.send(reportCsv(rows));
    }).catch(next);
  });

  r.get('/ads/admin/campaigns', route(async (req) => {
    requireAdmin(me(req));
    const status = AdCampaignStatus.safeParse(req.query.status ?? 'submitted');
    if (!status.success) throw new AppError('VALIDATION_FAILED', 'status must be a campaign status');
    return (await d.campaigns.findByStatusEndingAfter(status.data, new Date(0), 200)).map((c) => d.service.view(c, true));
  }));
  r.post('/ads/admin/campaigns/:id/:outcome(approve|reject|pause)', route(async (req) => {
    const admin = me(req);
    requireAdmin(admin);
    const { reason } = body(z.object({ reason: z.string().trim().max(500).optional() }), { body: req.body ?? {} } as Request);
    const outcome = ({ approve: 'approved', reject: 'rejected', pause: 'paused' } as const)[req.params.outcome as 'approve' | 'reject' | 'pause'];
    return d.service.view(await d.service.review(admin, req.params.id, outcome, reason || null), true);
  }));
  return r;
}

/** Days of the advertiser's campaigns, one campaign with `?campaign=`; `from`/`to` are Prague days (default the last 30). */
async function reportOf(d: ApiDeps, user: SessionUser, req: Request): Promise<AdReportRow[]> {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  const to = typeof req.query.to === 'string' && day.test(req.query.to) ? req.query.to : pragueDay(Date.now());
  const from = typeof req.query.from === 'string' && day.test(req.query.from) ? req.query.from : pragueDay(Date.now() - 29 * 86_400_000);
  const campaign = typeof req.query.campaign === 'string' ? req.query.campaign : null;
  if (campaign) await d.service.own(user, campaign);
  const rows = campaign ? await d.stats.dailyOfCampaign(campaign, from, to) : await d.stats.dailyOfAdvertiser(user.id, from, to);
  return rows.map((x) => ({ campaignId: x.campaignId, day: x.day, sent: x.sent ?? 0, fetched: x.fetched ?? 0, views: x.views ?? 0, clicks: x.clicks ?? 0, spend: x.spend ?? 0 }));
}

function groupSum<T extends { emails: number }>(rows: T[], keyOf: (r: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows) out[keyOf(r)] = (out[keyOf(r)] ?? 0) + r.emails;
  return out;
}

function validation(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  return new AppError('VALIDATION_FAILED', Object.entries(fields).map(([f, m]) => `${f}: ${m}`)[0], { fields });
}

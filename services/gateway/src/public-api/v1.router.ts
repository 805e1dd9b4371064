import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Gazetteer } from '@rr/gazetteer';
import { localeOf, traceHeaders, type Logger } from '@rr/kit';
import { API_ROLE_HEADER, CORRELATION_HEADER, type ApiKeyVerification } from '@rr/proto';
import { autocomplete } from '../autocomplete';
import { correlationIdOf } from '../http/correlation';
import { MinuteWindows } from './minute-window';
import { publicOpenApiDocument } from './openapi-v1';

export type PublicApiDeps = { accountUrl: string; analyticsUrl: string; offersUrl: string; timeoutMs: number; log: Logger; gazetteer: () => Gazetteer };
type Authorised = Request & { apiKey?: ApiKeyVerification };

const MESSAGES = {
  noKey: { cs: 'Chybí API klíč: pošlete jej v hlavičce Authorization: Bearer <klíč> nebo X-Api-Key.', en: 'The API key is missing: send it as Authorization: Bearer <key> or X-Api-Key.' },
  perMinute: { cs: 'Příliš mnoho dotazů za minutu pro tento klíč.', en: 'Too many requests per minute for this key.' },
  scope: { cs: 'Váš tarif nezahrnuje tento endpoint API.', en: 'Your plan does not include this API endpoint.' },
  quota: { cs: 'Vyčerpali jste měsíční počet dotazů na API, který váš tarif dovoluje.', en: 'You have used up the monthly API requests your plan allows.' },
  unavailable: { cs: 'Služba je dočasně nedostupná.', en: 'The service is temporarily unavailable.' },
  notFound: { cs: 'Takový endpoint API neexistuje.', en: 'No such API endpoint.' },
};
type MessageKey = keyof typeof MESSAGES;

const fail = (req: Request, res: Response, status: number, code: string, key: MessageKey) =>
  res.status(status).json({ error: { code, message: MESSAGES[key][localeOf(req)] } });

function keyOf(req: Request): string | null {
  const bearer = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? ''));
  const header = req.headers['x-api-key'];
  return bearer?.[1] ?? (typeof header === 'string' ? header : null);
}

async function call(url: string, init: RequestInit, req: Request, timeoutMs: number): Promise<globalThis.Response> {
  return fetch(url, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), [CORRELATION_HEADER]: correlationIdOf(req), 'accept-language': String(req.headers['accept-language'] ?? ''), ...traceHeaders() },
    signal: AbortSignal.timeout(timeoutMs),
  });
}

/**
 * The public data API, `/api/v1` (issue 17): API keys checked with the account service on every
 * call (a lapsed subscription loses access at once), per-key limits per minute here and per
 * month at the account service, scopes from the role's `apiAccess`, JSON errors throughout.
 */
export function publicApiV1(d: PublicApiDeps): Router {
  const r = express.Router();
  const windows = new MinuteWindows();
  const secondsToMonthEnd = () => {
    const now = new Date();
    return Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - now.getTime()) / 1000);
  };

  r.get('/openapi.json', (_req, res) => res.json(publicOpenApiDocument()));

  r.use(async (req: Authorised, res: Response, next: NextFunction) => {
    const key = keyOf(req);
    if (!key) return void fail(req, res, 401, 'UNAUTHENTICATED', 'noKey');
    try {
      const answer = await call(`${d.accountUrl}/internal/api-keys/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key }) }, req, d.timeoutMs);
      const body = (await answer.json()) as { data?: ApiKeyVerification };
      // The account service words refusals (unknown key, lapsed tier, no API in the plan) itself.
      if (!answer.ok || !body.data) return void res.status(answer.status).json(body);
      const v = body.data;
      const minute = windows.take(v.keyId, v.perMinute);
      res.setHeader('RateLimit-Limit', String(v.perMinute));
      res.setHeader('RateLimit-Remaining', String(minute.remaining));
      res.setHeader('RateLimit-Reset', String(minute.resetSeconds));
      res.setHeader('X-Quota-Month-Remaining', String(Math.max(0, v.perMonth - v.usedThisMonth)));
      if (!minute.allowed) {
        res.setHeader('Retry-After', String(minute.resetSeconds));
        return void fail(req, res, 429, 'RATE_LIMITED', 'perMinute');
      }
      if (v.usedThisMonth > v.perMonth) {
        res.setHeader('Retry-After', String(secondsToMonthEnd()));
        return void fail(req, res, 429, 'RATE_LIMITED', 'quota');
      }
      req.apiKey = v;
      next();
    } catch (err) {
      d.log.warn({ err }, 'API key check failed');
      fail(req, res, 503, 'UNAVAILABLE', 'unavailable');
    }
  });

  const scope = (name: string) => (req: Authorised, res: Response, next: NextFunction) =>
    req.apiKey!.scopes.includes(name) ? next() : void fail(req, res, 403, 'FORBIDDEN', 'scope');

  r.get('/autocomplete', autocomplete(d.gazetteer));
  /** Passes the query on to the service that answers it; its status and JSON body come back as they are. */
  const forward = (name: string, target: (query: string) => string) => async (req: Authorised, res: Response) => {
    try {
      const query = new URLSearchParams(req.query as Record<string, string>).toString();
      // The key owner's role decides what the offer endpoints show of an offer (non-public ones, price history).
      const answer = await call(target(query), { headers: { [API_ROLE_HEADER]: String(req.apiKey!.role) } }, req, d.timeoutMs);
      res.status(answer.status).json(await answer.json());
    } catch (err) {
      d.log.warn({ err, endpoint: name }, 'public API call failed');
      fail(req, res, 503, 'UNAVAILABLE', 'unavailable');
    }
  };

  r.get('/report', scope('report'), forward('report', (q) => `${d.analyticsUrl}/internal/public-api/report?${q}`));
  r.get('/real-estate', scope('real-estate'), forward('real-estate', (q) => `${d.offersUrl}/internal/public-api/real-estate?${q}`));
  r.get('/history/list', scope('history'), forward('history/list', (q) => `${d.offersUrl}/internal/public-api/history/list?${q}`));
  r.get('/history/detail', scope('history'), forward('history/detail', (q) => `${d.offersUrl}/internal/public-api/history/detail?${q}`));
  r.use((req, res) => fail(req, res, 404, 'NOT_FOUND', 'notFound'));
  return r;
}

import { ApiError } from './api-error';
import type { AccountDeps } from '../deps';
import type { RequestContext } from './request-context';

export type RateScope = 'auth' | 'filters' | 'contact';

/** Per client address, and per e-mail when the request names one. */
export function enforceRate(deps: AccountDeps, ctx: RequestContext, scope: RateScope, email?: string | null): void {
  const c = deps.config;
  const windowMs = c.RATE_WINDOW_SECONDS * 1000;
  const perIp = { auth: c.RATE_AUTH_PER_IP, filters: c.RATE_FILTERS_PER_IP, contact: c.RATE_CONTACT_PER_IP }[scope];
  const perEmail = { auth: c.RATE_AUTH_PER_EMAIL, filters: c.RATE_FILTERS_PER_EMAIL, contact: c.RATE_CONTACT_PER_IP }[scope];
  let waitMs = deps.limiter.hit(`${scope}:ip:${ctx.ip}`, { limit: perIp, windowMs });
  if (email) waitMs = Math.max(waitMs, deps.limiter.hit(`${scope}:email:${email.trim().toLowerCase()}`, { limit: perEmail, windowMs }));
  if (waitMs > 0) {
    ctx.log.warn({ scope, ip: ctx.ip }, 'rate limited');
    throw new ApiError('RATE_LIMITED', ctx.tr('rateLimited'), { retryAfterSeconds: Math.ceil(waitMs / 1000) });
  }
}

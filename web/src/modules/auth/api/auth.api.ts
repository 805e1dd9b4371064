import type { TokenAnswer, Locale } from '@rr/proto';
import { api } from '../../../lib/api';

/** Spec §7 calls; the answer's token is stored by the caller. */
export const authApi = {
  login: (email: string, password: string) => api<TokenAnswer>('/auth/login', { method: 'POST', body: { email, password }, auth: false }),
  registerStart: (email: string, locale: Locale) =>
    api<unknown>('/auth/register', { method: 'POST', body: { email, locale, timezone: Intl.DateTimeFormat().resolvedOptions().timeZone }, auth: false }),
  registerComplete: (body: { magic: string; name: string; surname: string; password: string; telephone: string | null }) =>
    api<TokenAnswer>('/auth/register', {
      method: 'PATCH',
      body: { ...body, telephoneSource: body.telephone ? 'REGISTRATION' : null },
      auth: false,
    }),
  resetStart: (email: string) => api<unknown>('/auth/reset', { method: 'POST', body: { email }, auth: false }),
  resetComplete: (body: { magic: string; email: string; password: string }) =>
    api<TokenAnswer & { emailChangePending?: boolean }>('/auth/reset', { method: 'PATCH', body, auth: false }),
};

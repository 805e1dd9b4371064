import type { TelephoneSource } from '@rr/proto';
import { api } from '../../../lib/api';

export const landingApi = {
  /** Pairs a telephone with the logged-in account, or with the account of `email` that has none yet. */
  pairTelephone: (body: { email?: string; telephone: string; telephoneSource: Exclude<TelephoneSource, 'REGISTRATION'> }) =>
    api<{ paired: boolean }>('/profile/telephone', { method: 'POST', body }),
  /** A request for an advisor lands with the contact messages the administration answers. */
  askAdvisor: (body: { name: string; email: string; telephone: string; message: string; subject: string }) =>
    api<{ id: string; message: string }>('/contact', { method: 'POST', body }),
};

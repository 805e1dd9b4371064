import type { EmailPreference, Locale, TelephoneSource, UserState } from '@rr/proto';
import { api } from '../../../lib/api';

/** The account service's profile view (GET /profile). */
export type Profile = {
  id: string;
  email: string;
  name: string | null;
  surname: string | null;
  telephone: string | null;
  telephoneSource: TelephoneSource | null;
  timezone: string;
  locale: Locale;
  role: number;
  roleExpiresAt: string | null;
  state: UserState;
  emailPreferences: EmailPreference[];
  createdAt: string;
};
/** Every profile change answers the new profile and a fresh token (its payload changed). */
export type ProfileAnswer = { profile: Profile; token: string };

export const profileApi = {
  get: () => api<ProfileAnswer>('/profile'),
  update: (body: Partial<Pick<Profile, 'name' | 'surname' | 'telephone' | 'timezone' | 'locale'>>) => api<ProfileAnswer>('/profile', { method: 'PATCH', body }),
  setEmailPreferences: (emailPreferences: EmailPreference[]) => api<ProfileAnswer>('/profile/email-preferences', { method: 'PUT', body: { emailPreferences } }),
  changeEmail: (email: string, password: string) => api<{ sent: boolean }>('/profile/email', { method: 'POST', body: { email, password } }),
  changePassword: (currentPassword: string, password: string) => api<ProfileAnswer>('/profile/password', { method: 'POST', body: { currentPassword, password } }),
  remove: (password: string) => api<{ deleted: boolean }>('/profile', { method: 'DELETE', body: { password } }),
  confirmEmailChange: (magic: string) => api<{ token: string }>('/auth/email/confirm', { method: 'POST', body: { magic }, auth: false }),
};

import { z } from 'zod';
import { EmailPreference, Locale, TelephoneSource, UserState } from '../domain/enums';

/** Deliberately permissive here; the account service applies the spec's e-mail messages. */
const Email = z.string().trim().min(1).max(254);

export const LoginBody = z.object({ email: Email, password: z.string().min(1).max(200) });
export const RegisterStartBody = z.object({ email: Email, timezone: z.string().max(64).optional(), locale: Locale.optional() });
export const RegisterCompleteBody = z.object({
  magic: z.string().min(1),
  name: z.string().trim().min(1).max(100),
  surname: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
  telephone: z.string().trim().max(32).nullish(),
  telephoneSource: TelephoneSource.nullish(),
});
export const ResetStartBody = z.object({ email: Email });
export const ResetCompleteBody = z.object({ magic: z.string().min(1), email: Email, password: z.string().min(1).max(200) });
export type LoginBody = z.infer<typeof LoginBody>;
export type RegisterStartBody = z.infer<typeof RegisterStartBody>;
export type RegisterCompleteBody = z.infer<typeof RegisterCompleteBody>;
export type ResetStartBody = z.infer<typeof ResetStartBody>;
export type ResetCompleteBody = z.infer<typeof ResetCompleteBody>;

/** The login token's payload (spec §3, session payload). */
export const SessionPayload = z.object({
  apiAccess: z.array(z.string()),
  email: z.string(),
  emailPreferences: z.array(EmailPreference),
  filters: z.number().int(),
  id: z.string(),
  locale: Locale,
  name: z.string().nullable(),
  role: z.number().int(),
  roleExpiresAt: z.string().datetime().nullable(),
  state: UserState,
  surname: z.string().nullable(),
  telephone: z.string().nullable(),
  timezone: z.string(),
});
export type SessionPayload = z.infer<typeof SessionPayload>;

export type TokenAnswer = { token: string };

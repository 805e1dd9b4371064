import { z } from 'zod';

/**
 * API keys of the public data API (issue 17): a user whose role has `apiAccess` creates, names,
 * sees once and revokes them on the profile page (`/api/profile/api-keys`); the gateway checks a
 * key with the account service on every `/api/v1` call, so a lapsed subscription loses access at once.
 */
export const API_KEY_PREFIX = 'rr_live_';

export const CreateApiKeyBody = z.object({ name: z.string().trim().min(1, 'name the key').max(60) }).strict();
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

export const ApiKeyView = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart (the rest is never shown again). */
  prefix: z.string(),
  createdAt: z.string().datetime(),
  lastUsedAt: z.string().datetime().nullable(),
});
export type ApiKeyView = z.infer<typeof ApiKeyView>;

/** `POST /profile/api-keys` answers the key itself once; only its hash is stored. */
export type ApiKeyCreated = { key: string; apiKey: ApiKeyView };

/** What the account service tells the gateway about a valid key of a user with API access. */
export type ApiKeyVerification = {
  keyId: string;
  userId: string;
  /** The owner's role now: what the offer endpoints show of an offer (non-public offers, price history). */
  role: number;
  scopes: string[];
  perMinute: number;
  perMonth: number;
  /** Requests this calendar month (UTC) including this one. */
  usedThisMonth: number;
};

import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed part of a banner's image and click URLs: which campaign, which e-mail (an opaque
 * id of the notifier's batch), when the banner was sent and until when it counts. HMAC-SHA256,
 * cut to 128 bits; no database lookup is needed to check one.
 */
export type AdTokenClaims = { campaignId: string; emailId: string; issuedAt: number; expiresAt: number };

const SAFE = /^[A-Za-z0-9_-]{1,64}$/;

export function signAdToken(secret: string, claims: AdTokenClaims): string {
  if (!SAFE.test(claims.campaignId) || !SAFE.test(claims.emailId)) throw new Error('campaign and e-mail ids must be URL-safe');
  const body = `${claims.campaignId}.${claims.emailId}.${Math.floor(claims.issuedAt / 1000).toString(36)}.${Math.floor(claims.expiresAt / 1000).toString(36)}`;
  return `${body}.${mac(secret, body)}`;
}

export type TokenCheck = { ok: true; claims: AdTokenClaims } | { ok: false; reason: 'malformed' | 'forged' | 'expired' };

export function verifyAdToken(secret: string, token: string, now: number): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 5 || token.length > 300) return { ok: false, reason: 'malformed' };
  const [campaignId, emailId, iat, exp, sig] = parts;
  const expected = Buffer.from(mac(secret, `${campaignId}.${emailId}.${iat}.${exp}`));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'forged' };
  const claims = { campaignId, emailId, issuedAt: parseInt(iat, 36) * 1000, expiresAt: parseInt(exp, 36) * 1000 };
  if (!(claims.expiresAt > now)) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

function mac(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest().subarray(0, 16).toString('base64url');
}

import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/** SendGrid shows the verification key as base64 DER (SPKI); PEM works too. */
export function sendgridPublicKey(key: string): KeyObject {
  return key.includes('BEGIN PUBLIC KEY')
    ? createPublicKey(key)
    : createPublicKey({ key: Buffer.from(key, 'base64'), format: 'der', type: 'spki' });
}

/**
 * SendGrid's signed event webhook: an ECDSA (P-256, SHA-256, DER) signature over the timestamp
 * header followed by the raw body. Old timestamps are refused so a captured request cannot be replayed.
 */
export function verifySendgridSignature(
  key: KeyObject, body: Buffer, signature: string | undefined, timestamp: string | undefined, now = Date.now(), maxAgeMs = 10 * 60_000,
): boolean {
  if (!signature || !timestamp || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(now - Number(timestamp) * 1000) > maxAgeMs) return false;
  try {
    return verify('sha256', Buffer.concat([Buffer.from(timestamp, 'utf8'), body]), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

export type SendgridEvent = { email?: string; event?: string; type?: string; reason?: string; status?: string; timestamp?: number };

/** Bounces and drops, as `email.bounced` payloads; a `blocked` bounce is temporary. Other events are not our business. */
export function bouncesOf(events: SendgridEvent[]): Array<{ email: string; reason: string; permanent: boolean; at: string }> {
  return events
    .filter((e) => typeof e.email === 'string' && (e.event === 'bounce' || e.event === 'dropped'))
    .map((e) => ({
      email: e.email!.toLowerCase(),
      reason: `${e.event}${e.type ? ` (${e.type})` : ''}: ${e.reason ?? e.status ?? 'no reason given'}`.slice(0, 500),
      permanent: !(e.event === 'bounce' && e.type === 'blocked'),
      at: new Date((e.timestamp ?? Date.now() / 1000) * 1000).toISOString(),
    }));
}

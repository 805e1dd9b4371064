import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token in a watchdog's prolong and unsubscribe links: an HMAC of its id under a secret the
 * account service and the notifier share (WATCHDOG_LINK_SECRET). Stateless, so every alert e-mail
 * can carry it without a lookup; deleting the watchdog makes it useless.
 */
export function watchdogLinkToken(secret: string, watchdogId: string): string {
  return createHmac('sha256', secret).update(`watchdog-link:${watchdogId}`).digest('base64url').slice(0, 32);
}

export function verifyWatchdogLinkToken(secret: string, watchdogId: string, token: string): boolean {
  const expected = Buffer.from(watchdogLinkToken(secret, watchdogId));
  const given = Buffer.from(String(token));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The token in an invitee's link to leave a shared watchdog: an HMAC of the watchdog and the
 * invitee's address (lower case) under the same secret, so one invitee's link cannot remove another.
 */
export function memberLinkToken(secret: string, watchdogId: string, email: string): string {
  return createHmac('sha256', secret).update(`watchdog-member:${watchdogId}:${email.toLowerCase()}`).digest('base64url').slice(0, 32);
}

export function verifyMemberLinkToken(secret: string, watchdogId: string, email: string, token: string): boolean {
  const expected = Buffer.from(memberLinkToken(secret, watchdogId, email));
  const given = Buffer.from(String(token));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

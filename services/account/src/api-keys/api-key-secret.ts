import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@rr/proto';

/**
 * A new key: the prefix, 8 characters shown in lists, and 32 random bytes. 256 bits of randomness
 * need no slow hash (argon2 guards guessable passwords); SHA-256 lets every call find its key by
 * an indexed lookup.
 */
export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, API_KEY_PREFIX.length + 8), hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Keys look like `rr_live_` + 43 base64url characters; anything else is refused before a lookup. */
export function looksLikeApiKey(key: string): boolean {
  return key.startsWith(API_KEY_PREFIX) && /^[A-Za-z0-9_-]{43}$/.test(key.slice(API_KEY_PREFIX.length));
}

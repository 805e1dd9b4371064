import { createSecretKey, type KeyObject } from 'node:crypto';

const keys = new Map<string, KeyObject>();

/**
 * The HMAC key object of a shared secret, made once. jsonwebtoken given a string first tries to
 * read it as a PEM key, which throws (with a stack trace) on every sign and verify: a third of the
 * account service's CPU under load went there.
 */
export function hmacKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

import { createHash, randomBytes } from 'node:crypto';

/** A one-time secret for a magic link: 32 random bytes, URL-safe. */
export const newMagicToken = (): string => randomBytes(32).toString('base64url');

/** Only this hash is stored, so a database leak does not hand out working links. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export const newId = (prefix: 'u' | 'w' | 'c' | 'm'): string => `${prefix}_${randomBytes(8).toString('hex')}`;

import type { SessionPayload } from '@rr/proto';
import { isAdmin, isPaying } from '@rr/proto';

export type SessionState = 'loading' | 'loggedIn' | 'loggedOut';
export const TOKEN_KEY = 'rr.token';

function base64UrlDecode(part: string): string {
  const padded = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The payload of a login token, or null when it cannot be decoded (which means logged out). */
export function decodeToken(token: string | null | undefined): SessionPayload | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const payload = JSON.parse(base64UrlDecode(parts[1])) as SessionPayload;
    if (!payload || typeof payload.id !== 'string' || typeof payload.email !== 'string') return null;
    return { ...payload, role: Number(payload.role ?? 1), filters: Number(payload.filters ?? 0), emailPreferences: payload.emailPreferences ?? [] };
  } catch {
    return null;
  }
}

/** Spec §4: a non-empty decodable stored token gives Logged in; empty or undecodable gives Logged out. */
export function stateFromStoredToken(token: string | null): { state: Exclude<SessionState, 'loading'>; user: SessionPayload | null } {
  const user = decodeToken(token);
  return user ? { state: 'loggedIn', user } : { state: 'loggedOut', user: null };
}

export type SessionFlags = { loggedIn: boolean; admin: boolean; paying: boolean; blocked: boolean };
export function flagsOf(state: SessionState, user: SessionPayload | null): SessionFlags {
  const loggedIn = state === 'loggedIn' && !!user;
  return {
    loggedIn,
    admin: loggedIn && isAdmin(user!.role),
    paying: loggedIn && isPaying(user!.role),
    blocked: loggedIn && user!.state === 'Blocked',
  };
}

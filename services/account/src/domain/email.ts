/** A pragmatic address check: something@domain.tld, no spaces, at most 254 characters. */
const EMAIL_PATTERN = /^[^\s@"<>(),;:]+@[^\s@"<>(),;:]+\.[^\s@"<>(),;:.]{2,}$/;

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export function isEmail(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length <= 254 && EMAIL_PATTERN.test(value.trim());
}

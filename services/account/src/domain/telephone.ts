import type { TelephoneSource } from '@rr/proto';

export type TelephoneResult = { ok: true; telephone: string | null } | { ok: false };

/**
 * A telephone in E.164. Czech numbers (nine digits) may come without a prefix, with `+420`,
 * `00420` or `420`; they always get `+420`. Foreign numbers must start with `+` or `00`.
 */
export function normaliseTelephone(input: string | null | undefined): TelephoneResult {
  if (input == null || input.trim() === '') return { ok: true, telephone: null };
  const compact = input.trim().replace(/[\s().\-/]/g, '');
  if (!/^(\+|00)?\d+$/.test(compact)) return { ok: false };
  const digits = compact.replace(/^(\+|00)/, '');
  const international = compact.startsWith('+') || compact.startsWith('00');
  if (!international && digits.length === 9) return czech(digits);
  if (digits.startsWith('420') && digits.length === 12) return czech(digits.slice(3));
  if (international && !digits.startsWith('420') && digits.length >= 8 && digits.length <= 15) return { ok: true, telephone: `+${digits}` };
  return { ok: false };
}

/** Czech numbers start with 2–9 (no trunk prefix). */
function czech(national: string): TelephoneResult {
  return /^[2-9]\d{8}$/.test(national) ? { ok: true, telephone: `+420${national}` } : { ok: false };
}

/** The spec's rule: a source only when a telephone is given; REGISTRATION unless another is named. */
export function telephoneSourceOf(telephone: string | null, given: TelephoneSource | null | undefined, fallback: TelephoneSource = 'REGISTRATION'): TelephoneSource | null {
  return telephone ? given ?? fallback : null;
}

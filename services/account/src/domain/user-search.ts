import { normaliseTelephone } from './telephone';

/**
 * How an admin's search text is answered, each from an index on a top-level field:
 * an e-mail prefix as a range on `email`, a telephone by equality on `telephone`, a name as a
 * prefix range on `nameKey` and `surnameKey` (lower case, without diacritics).
 */
export type UserSearch =
  | { kind: 'all' }
  | { kind: 'id'; id: string }
  | { kind: 'email'; prefix: string }
  | { kind: 'telephone'; telephone: string }
  | { kind: 'text'; prefix: string };

/** Lower case without diacritics, single spaces: "Jiří  Dvořák" → "jiri dvorak". */
export const searchKey = (s: string | null | undefined): string | null => {
  const key = (s ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
  return key || null;
};

/** The search keys stored beside a user's name. */
export const nameKeysOf = (name: string | null | undefined, surname: string | null | undefined) => ({
  nameKey: searchKey([name, surname].filter(Boolean).join(' ')),
  surnameKey: searchKey(surname),
});

export function parseUserSearch(raw: string): UserSearch {
  const q = raw.trim();
  if (!q) return { kind: 'all' };
  if (/^u_[0-9a-f]{16}$/.test(q)) return { kind: 'id', id: q };
  if (q.includes('@')) return { kind: 'email', prefix: q.toLowerCase() };
  if (/^[+\d][\d\s().\-/]{5,}$/.test(q)) {
    const phone = normaliseTelephone(q);
    if (phone.ok && phone.telephone) return { kind: 'telephone', telephone: phone.telephone };
  }
  return { kind: 'text', prefix: q.toLowerCase() };
}

/** The half-open range of strings that start with `prefix`. */
export const prefixRange = (prefix: string) => ({ $gte: prefix, $lt: `${prefix}\uffff` });

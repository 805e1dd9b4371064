/**
 * E-mail checks of spec §5. The spec's domain list has five `{host}` placeholders; we fill them
 * with the five most used international providers in Czechia (docs/decisions.md, "Web client"),
 * which also keeps the list alphabetical as the spec prints it.
 */
export const TYPO_DOMAINS = [
  'atlas.cz', 'azet.sk', 'centrum.cz', 'centrum.sk', 'email.cz', 'gmail.com', 'hotmail.com', 'icloud.com',
  'mail.ru', 'outlook.com', 'post.cz', 'seznam.cz', 'tiscali.cz', 'volny.cz', 'yahoo.com',
] as const;
export const TYPO_DISTANCE_LIMIT = 2;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/;
export const isEmailFormat = (value: string) => EMAIL_PATTERN.test(value.trim());

export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/**
 * Corrected addresses for a likely typo in the domain: the known domains at the best distance,
 * when that distance is above 0 and at most 2; domains sharing the first letter come first.
 */
export function emailSuggestions(email: string, domains: readonly string[] = TYPO_DOMAINS): string[] {
  const at = email.trim().lastIndexOf('@');
  if (at < 1) return [];
  const local = email.trim().slice(0, at);
  const domain = email.trim().slice(at + 1).toLowerCase();
  if (!domain) return [];
  const scored = domains.map((d) => ({ d, distance: editDistance(domain, d) }));
  const best = Math.min(...scored.map((s) => s.distance));
  const limit = Math.min(best, TYPO_DISTANCE_LIMIT);
  const found = scored.filter((s) => s.distance > 0 && s.distance <= limit).map((s) => s.d);
  const sameFirst = found.filter((d) => d[0] === domain[0]);
  const others = found.filter((d) => d[0] !== domain[0]);
  return [...sameFirst, ...others].map((d) => `${local}@${d}`);
}

export type EmailProblem = 'emailRequired' | 'emailFormat' | null;
export function emailProblem(value: string): EmailProblem {
  if (!value.trim()) return 'emailRequired';
  return isEmailFormat(value) ? null : 'emailFormat';
}

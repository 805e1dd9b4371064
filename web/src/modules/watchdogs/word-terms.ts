/**
 * The watchdog form's word chips: what a person types becomes terms the account service accepts
 * (proto's `canonicalTerm`: one word of 2–40 letters or digits, an optional `*` for other forms).
 * The server folds case and diacritics; the form only splits, trims and keeps each term once, so
 * a chip shows what the person typed. Free of zod: it ships with the form.
 */
export const MAX_TERMS = 20;
const TERM = /^[\p{L}\p{N}]{2,40}\*?$/u;

export type TermsAdded = { terms: string[]; invalid: string[]; overLimit: boolean };

/** Whether one typed term is a word (or a prefix with `*`). */
export const isTerm = (term: string): boolean => TERM.test(term);

/** Adds what was typed (several terms apart by commas, semicolons or spaces) to the list. */
export function addTerms(list: readonly string[], typed: string, max = MAX_TERMS): TermsAdded {
  const parts = typed.split(/[\s,;]+/).map((p) => p.trim()).filter(Boolean);
  const invalid = parts.filter((p) => !isTerm(p));
  const terms = [...list];
  const seen = new Set(list.map(comparable));
  let overLimit = false;
  for (const part of parts) {
    if (!isTerm(part) || seen.has(comparable(part))) continue;
    if (terms.length >= max) {
      overLimit = true;
      break;
    }
    terms.push(part);
    seen.add(comparable(part));
  }
  return { terms, invalid, overLimit };
}

/** Two spellings the server keeps as one term ("Balkón*" and "balkon*"). */
function comparable(term: string): string {
  return term.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

import { z } from 'zod';

/**
 * Words a watchdog asks for, or refuses, in an offer's title and description (issue 19). Folded
 * text: diacritics and case do not matter ("Balkón" is "balkon"). A term is one word: whole
 * (`sklep` matches the word "sklep" only) or a prefix (`balkon*` matches "balkon", "balkonem",
 * "balkonu" — how Czech inflection is caught). `any`: at least one term occurs (empty: no
 * restriction); `none`: no term occurs.
 */

/** At most this many terms in each list; a term is 2–40 letters or digits, with an optional `*`. */
export const MAX_WORD_TERMS = 20;
const TERM = /^[\p{L}\p{N}]{2,40}\*?$/u;

const MARKS = /\p{M}/gu;
const foldByNfd = (text: string) => text.normalize('NFD').replace(MARKS, '').toLowerCase();

/** Latin letters up to U+024F folded once (0: folds to more or other than one character). */
const LATIN_FOLDED = new Uint16Array(0x250);
for (let c = 1; c < LATIN_FOLDED.length; c++) {
  const folded = foldByNfd(String.fromCharCode(c));
  LATIN_FOLDED[c] = folded.length === 1 ? folded.charCodeAt(0) : 0;
}

/** A code unit below U+0250 folded as `foldText` folds it in Czech text (0: not by the table; fold the whole text). */
export const foldedLatinCode = (code: number): number => (code < 0x250 ? LATIN_FOLDED[code] : 0);

/**
 * Lower case without diacritics: how terms and offer texts are compared. Czech text folds by a
 * table (the matcher folds every offer: NFD took twice as long); anything else by NFD.
 */
export function foldText(text: string): string {
  const out = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const folded = c < 0x250 ? LATIN_FOLDED[c] : 0;
    if (folded === 0) return foldByNfd(text);
    out[i] = folded;
  }
  return decodeUtf16(out);
}

/**
 * A string of UTF-16 code units. Decoded natively: spreading them into `String.fromCharCode` was
 * a third of the matcher's word check (bench:matcher). A typed array is in the machine's byte
 * order, little-endian on every platform Node supports.
 */
const utf16 = new TextDecoder('utf-16le');
const decodeUtf16 = (units: Uint16Array): string => utf16.decode(units);

/** A term as stored: folded and trimmed; null when it is not one word (or a prefix of one). */
export function canonicalTerm(raw: string): string | null {
  const term = foldText(raw.trim());
  return TERM.test(term) ? term : null;
}

const Term = z.string().transform((s, ctx) => {
  const term = canonicalTerm(s);
  if (term === null) ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'a term is one word of 2–40 letters or digits, optionally ending with *' });
  return term ?? '';
});
const Terms = z.array(Term).max(MAX_WORD_TERMS).transform((terms) => [...new Set(terms)].sort());

export const WordsCriterion = z.object({ any: Terms.default([]), none: Terms.default([]) });
export type WordsCriterion = z.infer<typeof WordsCriterion>;

export const NO_WORDS: WordsCriterion = { any: [], none: [] };

export const hasWords = (words: WordsCriterion | undefined): boolean => words != null && (words.any.length > 0 || words.none.length > 0);

/** An offer's folded text, asked for terms; each term is looked up once per offer. */
export class OfferWords {
  private readonly text: string;
  private readonly known = new Map<string, boolean>();

  constructor(...texts: Array<string | null | undefined>) {
    this.text = foldText(texts.filter(Boolean).join(' '));
  }

  /** Whether the term (`word` or `prefix*`) occurs as a word, or at the start of one. */
  has(term: string): boolean {
    let found = this.known.get(term);
    if (found === undefined) {
      found = this.find(term);
      this.known.set(term, found);
    }
    return found;
  }

  private find(term: string): boolean {
    const prefix = term.endsWith('*');
    const word = prefix ? term.slice(0, -1) : term;
    for (let at = this.text.indexOf(word); at >= 0; at = this.text.indexOf(word, at + 1)) {
      if (!isWordChar(this.text, at - 1) && (prefix || !isWordChar(this.text, at + word.length))) return true;
    }
    return false;
  }
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

function isWordChar(text: string, at: number): boolean {
  if (at < 0 || at >= text.length) return false;
  const code = text.charCodeAt(at);
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90);
  return WORD_CHAR.test(text[at]);
}

/** Whether the offer's words satisfy the criterion. */
export function wordsAllow(words: WordsCriterion | undefined, offerWords: OfferWords): boolean {
  if (!words) return true;
  return (words.any.length === 0 || words.any.some((t) => offerWords.has(t))) && !words.none.some((t) => offerWords.has(t));
}

/** Whenever `narrower` occurs in a text, `broader` does too (`balkon*` ⊇ `balkonem`, `balkon*` ⊇ `balkony*`). */
export function termImplies(broader: string, narrower: string): boolean {
  if (!broader.endsWith('*')) return broader === narrower;
  return narrower.startsWith(broader.slice(0, -1));
}

/**
 * Containment for the creation outcomes: every offer the narrower criterion lets through, the
 * broader one lets through. `any`: each narrower term implies a broader one (an empty narrower
 * list lets offers through that no restricted list does); `none`: each refused broader term is
 * refused by the narrower one too, through a term it implies.
 */
export function wordsContain(broader: WordsCriterion | undefined, narrower: WordsCriterion | undefined): boolean {
  const b = broader ?? NO_WORDS;
  const n = narrower ?? NO_WORDS;
  const anyOk = b.any.length === 0 || (n.any.length > 0 && n.any.every((u) => b.any.some((t) => termImplies(t, u))));
  const noneOk = b.none.every((t) => n.none.some((u) => termImplies(u, t)));
  return anyOk && noneOk;
}

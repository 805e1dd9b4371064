import { OfferWords, type WordsCriterion } from '@rr/proto';
import { GrowableI32 } from './growable';

/**
 * The word criteria of the watchdogs that have some (`wordsAllow` from @rr/proto), checked on
 * the candidates the index found. Kept compact, because a lookup meets a few dozen of them at
 * random among a million watchdogs: terms are numbered once, each slot's criterion is a run of
 * numbers in one typed array ([wanted count, refused count, term ids…]), and whether a term
 * occurs in the current offer is worked out once per offer. Reading the criteria objects instead
 * cost ~1 µs per candidate in cache misses (bench:matcher).
 */
export class WordFilter {
  private readonly termIds = new Map<string, number>();
  private readonly terms: string[] = [];
  /** Per slot: where its run starts in `runs` (0: no words; runs start at 1). */
  private readonly starts = new GrowableI32(1024);
  private readonly runs = new GrowableI32(4096);
  /** Per term: the offer (`generation`) its answer in `answers` belongs to. */
  private seenIn = new Int32Array(64);
  private answers = new Uint8Array(64);
  private generation = 0;
  private words: OfferWords | null = null;
  private text: { title: string; description?: string | null } | null = null;

  constructor() {
    this.runs.push(0); // offset 0 means "no words"
  }

  /** Files the word criterion of a slot (one without terms is not filed). */
  set(slot: number, words: WordsCriterion): void {
    if (words.any.length === 0 && words.none.length === 0) return;
    this.starts.set(slot, this.runs.length);
    this.runs.push(words.any.length);
    this.runs.push(words.none.length);
    for (const term of [...words.any, ...words.none]) this.runs.push(this.idOf(term));
  }

  /** Whether the slot has a word criterion (the candidates that need `allows`). */
  has(slot: number): boolean {
    return slot < this.starts.length && this.starts.data[slot] !== 0;
  }

  /** Starts a lookup: the offer whose words the next `allows` calls check (read only if asked). */
  begin(offer: { title: string; description?: string | null }): void {
    this.generation++;
    this.words = null;
    this.text = offer;
  }

  /** Whether the current offer satisfies the slot's word criterion. */
  allows(slot: number): boolean {
    const runs = this.runs.data;
    const at = this.starts.data[slot];
    const wanted = runs[at];
    const refused = runs[at + 1];
    let ok = wanted === 0;
    for (let i = 0; i < wanted && !ok; i++) ok = this.occurs(runs[at + 2 + i]);
    if (!ok) return false;
    for (let i = 0; i < refused; i++) if (this.occurs(runs[at + 2 + wanted + i])) return false;
    return true;
  }

  private occurs(term: number): boolean {
    if (this.seenIn[term] !== this.generation) {
      this.words ??= new OfferWords(this.text!.title, this.text!.description);
      this.answers[term] = this.words.has(this.terms[term]) ? 1 : 0;
      this.seenIn[term] = this.generation;
    }
    return this.answers[term] === 1;
  }

  private idOf(term: string): number {
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.terms.length;
      this.terms.push(term);
      this.termIds.set(term, id);
      if (id >= this.seenIn.length) {
        const seenIn = new Int32Array(this.seenIn.length * 2);
        seenIn.set(this.seenIn);
        this.seenIn = seenIn;
        const answers = new Uint8Array(this.answers.length * 2);
        answers.set(this.answers);
        this.answers = answers;
      }
    }
    return id;
  }
}

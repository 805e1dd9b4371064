import type { WordsCriterion } from '@rr/proto';
import type { Narrowing } from './filter-index';
import { MAX_NARROW_CODE, NARROW_CODE_SHIFT, WORDS } from './entry-flags';
import { GrowableI32 } from './growable';
import { TermTrie } from './term-trie';

/**
 * The word criteria of the watchdogs that have some (`wordsAllow` from @rr/proto), the index's
 * `Narrowing`: it asks, in one batch per offer, only about candidates that passed every cheaper
 * check and are flagged as having words. Kept compact, because a lookup meets them at random among a million watchdogs:
 * terms are numbered once, and each distinct criterion is one run of numbers ([run id, wanted
 * count, refused count, term ids…]) shared by every slot that asks the same (most do: people ask
 * for the same few features), so the runs stay in cache and a slot costs one read of `starts`.
 * Per offer, the text is read once for every term (`TermTrie`) and each run decided once.
 * Reading the criteria objects instead cost ~1 µs per candidate in cache misses (bench:matcher).
 */
export class WordFilter implements Narrowing {
  private readonly termIds = new Map<string, number>();
  private readonly trie = new TermTrie();
  private termCount = 0;
  private readonly runIds = new Map<string, number>();
  /** Per slot: where its run starts in `runs` (0: no words; runs start at 1). */
  private readonly starts = new GrowableI32(1024);
  private readonly runs = new GrowableI32(4096);
  /** Per term: the last offer (`generation`) it occurs in; per run: the offer its answer belongs to, and the answer. */
  private termIn = new Int32Array(64);
  private runSeenIn = new Int32Array(64);
  private runAnswers = new Uint8Array(64);
  /**
   * Per run whose terms all have ids below 32 (the first terms filed, which are the common ones):
   * its wanted and refused terms as bit masks, decided against the offer's `hitMask` in two
   * operations instead of a call per term (`masked` 1).
   */
  private masked = new Uint8Array(64);
  private anyMask = new Int32Array(64);
  private noneMask = new Int32Array(64);
  private hitMask = 0;
  /** Where the runs with a short code (`codeOf`: the first 127 filed) start, by code; per code, the offer its answer belongs to, and the answer. */
  private readonly codeStarts = new Int32Array(MAX_NARROW_CODE + 1);
  private readonly codeSeenIn = new Int32Array(MAX_NARROW_CODE + 1);
  /** Index 0 (no code) allows: see `codeVerdicts`. */
  private readonly codeAnswers = new Uint8Array(MAX_NARROW_CODE + 1).fill(1);
  private highestCode = 0;
  /** Per code whose run is `masked`: its masks, so `codeVerdicts` decides it in the loop. */
  private readonly codeMasked = new Uint8Array(MAX_NARROW_CODE + 1);
  private readonly codeAny = new Int32Array(MAX_NARROW_CODE + 1);
  private readonly codeNone = new Int32Array(MAX_NARROW_CODE + 1);
  /** Scratch: (position, run) of each candidate of a batch without a code, read first so the reads overlap. */
  private runAt = new Int32Array(256);
  private generation = 0;
  private scanned = 0;
  private text: { title: string; description?: string | null } | null = null;

  constructor() {
    this.runs.push(0); // offset 0 means "no words"
  }

  /** Files the word criterion of a slot (one without terms is not filed). */
  set(slot: number, words: WordsCriterion): void {
    if (words.any.length === 0 && words.none.length === 0) return;
    this.starts.set(slot, this.runOf(words));
  }

  /**
   * The criterion's short code for the index's rows (`NarrowCodeOf`): its run's number + 1 for the
   * first 127 criteria filed — the common ones, since a replay meets them first — and 0 for the rest.
   */
  codeOf(words: WordsCriterion | undefined): number {
    if (!words || (words.any.length === 0 && words.none.length === 0)) return 0;
    const at = this.runOf(words);
    const code = this.runs.data[at] + 1;
    if (code > MAX_NARROW_CODE) return 0;
    this.codeStarts[code] = at;
    const run = code - 1;
    this.codeMasked[code] = this.masked[run];
    this.codeAny[code] = this.anyMask[run];
    this.codeNone[code] = this.noneMask[run];
    if (code > this.highestCode) this.highestCode = code;
    return code;
  }

  /**
   * The current offer's verdict on every short code (`Narrowing.codeVerdicts`), decided at once:
   * the common criteria are few, most decided by two mask operations, and the index then settles
   * the rows that carry a code without asking about them one by one.
   */
  codeVerdicts(): Uint8Array {
    const answers = this.codeAnswers;
    const generation = this.generation;
    const highest = this.highestCode;
    if (highest === 0) return answers;
    if (this.scanned !== generation) this.scan();
    const hits = this.hitMask;
    const masked = this.codeMasked, anyMask = this.codeAny, noneMask = this.codeNone, seenIn = this.codeSeenIn;
    for (let code = 1; code <= highest; code++) {
      const any = anyMask[code];
      answers[code] = masked[code] === 1 ? (+(any === 0) | +((any & hits) !== 0)) & +((noneMask[code] & hits) === 0) : +this.allowsRun(this.codeStarts[code]);
      seenIn[code] = generation;
    }
    return answers;
  }

  /** Whether the slot has a word criterion (the candidates that need `allows`). */
  has(slot: number): boolean {
    return slot < this.starts.length && this.starts.data[slot] !== 0;
  }

  /** Starts a lookup: the offer whose words the next `allows` calls check (read only if asked). */
  begin(offer: { title: string; description?: string | null }): void {
    this.generation++;
    this.text = offer;
  }

  /** Whether the current offer satisfies the slot's word criterion (a slot with none: yes). */
  allows(slot: number): boolean {
    return this.allowsRun(slot < this.starts.length ? this.starts.data[slot] : 0);
  }

  /**
   * `allows` for a batch of candidates of the current offer, given their rows' metas (see
   * `Narrowing`): their runs are found first — none for a row without `WORDS`, from the code the
   * row carries, or else in one loop of independent reads of the slot table.
   */
  decide(slots: Int32Array, metas: Int32Array, count: number, verdicts: Uint8Array): void {
    if (2 * count > this.runAt.length) this.runAt = new Int32Array(Math.max(2 * count, this.runAt.length * 2));
    const runAt = this.runAt;
    const starts = this.starts.data;
    const known = this.starts.length;
    const words = WORDS, shift = NARROW_CODE_SHIFT;
    // Coded candidates take their code's answer, decided once per offer; the others their run's.
    const codeSeenIn = this.codeSeenIn;
    const codeAnswers = this.codeAnswers;
    const generation = this.generation;
    let uncoded = 0;
    for (let i = 0; i < count; i++) {
      const meta = metas[i];
      if ((meta & words) === 0) {
        verdicts[i] = 1;
        continue;
      }
      const code = meta >>> shift;
      if (code === 0) {
        const slot = slots[i];
        runAt[uncoded++] = i;
        runAt[uncoded++] = slot < known ? starts[slot] : 0;
        continue;
      }
      if (codeSeenIn[code] !== generation) {
        codeAnswers[code] = this.allowsRun(this.codeStarts[code]) ? 1 : 0;
        codeSeenIn[code] = generation;
      }
      verdicts[i] = codeAnswers[code];
    }
    for (let k = 0; k < uncoded; k += 2) verdicts[runAt[k]] = this.allowsRun(runAt[k + 1]) ? 1 : 0;
  }

  private allowsRun(at: number): boolean {
    if (at === 0) return true;
    const run = this.runs.data[at];
    if (this.masked[run] === 1) {
      if (this.scanned !== this.generation) this.scan();
      const any = this.anyMask[run];
      const hits = this.hitMask;
      return (any === 0 || (any & hits) !== 0) && (this.noneMask[run] & hits) === 0;
    }
    if (this.runSeenIn[run] !== this.generation) {
      this.runAnswers[run] = this.satisfies(at) ? 1 : 0;
      this.runSeenIn[run] = this.generation;
    }
    return this.runAnswers[run] === 1;
  }

  private satisfies(at: number): boolean {
    const runs = this.runs.data;
    const wanted = runs[at + 1];
    const refused = runs[at + 2];
    let ok = wanted === 0;
    for (let i = 0; i < wanted && !ok; i++) ok = this.occurs(runs[at + 3 + i]);
    if (!ok) return false;
    for (let i = 0; i < refused; i++) if (this.occurs(runs[at + 3 + wanted + i])) return false;
    return true;
  }

  private occurs(term: number): boolean {
    if (this.scanned !== this.generation) this.scan();
    return this.termIn[term] === this.generation;
  }

  /** Reads the offer's text once: which terms occur, and the first 32 of them as `hitMask`. */
  private scan(): void {
    const { title, description } = this.text!;
    const generation = this.generation;
    if (title) this.trie.scan(title, this.termIn, generation);
    if (description) this.trie.scan(description, this.termIn, generation);
    let hits = 0;
    for (let term = 0, last = Math.min(32, this.termCount); term < last; term++) if (this.termIn[term] === generation) hits |= 1 << term;
    this.hitMask = hits;
    this.scanned = generation;
  }

  /** The offset of the criterion's run, filing it when new (terms are sorted and unique: equal criteria give one key). */
  private runOf(words: WordsCriterion): number {
    // Filing a watchdog asks twice in a row (`codeOf` for its rows, then `set`): the second is free.
    if (words === this.lastWords) return this.lastRun;
    const at = this.fileRun(words);
    this.lastWords = words;
    this.lastRun = at;
    return at;
  }

  private lastWords: WordsCriterion | null = null;
  private lastRun = 0;

  private fileRun(words: WordsCriterion): number {
    const key = `${words.any.join(' ')}|${words.none.join(' ')}`;
    let at = this.runIds.get(key);
    if (at !== undefined) return at;
    at = this.runs.length;
    const run = this.runIds.size;
    this.runIds.set(key, at);
    this.runs.push(run);
    this.runs.push(words.any.length);
    this.runs.push(words.none.length);
    if (run >= this.runSeenIn.length) {
      this.runSeenIn = grownI32(this.runSeenIn);
      this.runAnswers = grownU8(this.runAnswers);
      this.masked = grownU8(this.masked);
      this.anyMask = grownI32(this.anyMask);
      this.noneMask = grownI32(this.noneMask);
    }
    const any = words.any.map((term) => this.idOf(term));
    const none = words.none.map((term) => this.idOf(term));
    for (const term of [...any, ...none]) this.runs.push(term);
    if ([...any, ...none].every((term) => term < 32)) {
      this.masked[run] = 1;
      this.anyMask[run] = any.reduce((mask, term) => mask | (1 << term), 0);
      this.noneMask[run] = none.reduce((mask, term) => mask | (1 << term), 0);
    }
    return at;
  }

  private idOf(term: string): number {
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.termCount++;
      this.termIds.set(term, id);
      this.trie.add(term, id);
      if (id >= this.termIn.length) this.termIn = grownI32(this.termIn);
    }
    return id;
  }
}

const grownI32 = (a: Int32Array) => {
  const bigger = new Int32Array(a.length * 2);
  bigger.set(a);
  return bigger;
};
const grownU8 = (a: Uint8Array) => {
  const bigger = new Uint8Array(a.length * 2);
  bigger.set(a);
  return bigger;
};

import { foldText, foldedLatinCode } from '@rr/proto';

const WORD_CHAR = /[\p{L}\p{N}]/u;
/** Per UTF-16 code unit of folded text: 0 not worked out yet, 1 not part of a word, 2 part of one. */
const wordCodes = new Uint8Array(0x10000);
function isWordCode(code: number): boolean {
  let known = wordCodes[code];
  if (known === 0) wordCodes[code] = known = WORD_CHAR.test(String.fromCharCode(code)) ? 2 : 1;
  return known === 2;
}

/** Folded words are mostly a–z and 0–9: their children sit in a dense table, read without a hash. */
const DENSE = 36;
const denseSymbol = new Int8Array(128).fill(-1);
for (let c = 0; c < 10; c++) denseSymbol[48 + c] = c;
for (let c = 0; c < 26; c++) denseSymbol[97 + c] = 10 + c;

/**
 * Which of many terms (`word` or `prefix*`) occur in a text, in one pass over it: the words of the
 * folded text walk a trie of the terms from their first letter, so the cost is the text's length,
 * not terms × length (a fold and one search per term cost ~5 µs per offer in bench:matcher).
 * Answers as `OfferWords.has` from @rr/proto: the text is folded by proto's table as it is read,
 * and a text the table cannot fold is folded whole by `foldText` and read again; word characters
 * are proto's (letters and digits).
 */
export class TermTrie {
  /** Per node: its children by a–z, 0–9 (`DENSE` each), and by any other code. */
  private dense = new Int32Array(64 * DENSE);
  private readonly edges: Array<Map<number, number> | undefined> = [];
  /** Per node: the id + 1 of the whole term ending there, and of the prefix term ending there (0: none). */
  private whole = new Int32Array(64);
  private prefix = new Int32Array(64);
  private nodes = 1;

  /** Adds a folded term (`canonicalTerm`) under its id. */
  add(term: string, id: number): void {
    const isPrefix = term.endsWith('*');
    const word = isPrefix ? term.slice(0, -1) : term;
    let node = 0;
    for (let i = 0; i < word.length; i++) {
      const code = word.charCodeAt(i);
      let next = this.child(node, code);
      if (next === 0) {
        next = this.nodes++;
        if (next >= this.whole.length) this.grow();
        const symbol = code < 128 ? denseSymbol[code] : -1;
        if (symbol >= 0) this.dense[node * DENSE + symbol] = next;
        else (this.edges[node] ??= new Map()).set(code, next);
      }
      node = next;
    }
    (isPrefix ? this.prefix : this.whole)[node] = id + 1;
  }

  /** Sets `hits[id] = mark` for every term that occurs in the text. */
  scan(text: string, hits: Int32Array, mark: number): void {
    if (!this.read(text, false, hits, mark)) this.read(foldText(text), true, hits, mark);
  }

  /**
   * One pass; false when a character needs more than the table (the marks set so far hold: they
   * come from words the whole fold reads alike).
   */
  private read(text: string, folded: boolean, hits: Int32Array, mark: number): boolean {
    const whole = this.whole;
    const prefix = this.prefix;
    let inWord = false;
    let node = 0;
    for (let i = 0; i < text.length; i++) {
      let code = text.charCodeAt(i);
      if (!folded) {
        code = foldedLatinCode(code);
        if (code === 0) return false;
      }
      const letter = code < 128 ? (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90) : isWordCode(code);
      if (letter) {
        if (!inWord) {
          inWord = true;
          node = 0;
        }
        if (node >= 0) {
          node = this.child(node, code);
          if (node === 0) node = -1;
          else if (prefix[node] !== 0) hits[prefix[node] - 1] = mark;
        }
      } else if (inWord) {
        if (node > 0 && whole[node] !== 0) hits[whole[node] - 1] = mark;
        inWord = false;
      }
    }
    if (inWord && node > 0 && whole[node] !== 0) hits[whole[node] - 1] = mark;
    return true;
  }

  private child(node: number, code: number): number {
    const symbol = code < 128 ? denseSymbol[code] : -1;
    if (symbol >= 0) return this.dense[node * DENSE + symbol];
    return this.edges[node]?.get(code) ?? 0;
  }

  private grow(): void {
    const dense = new Int32Array(this.dense.length * 2);
    dense.set(this.dense);
    this.dense = dense;
    const whole = new Int32Array(this.whole.length * 2);
    whole.set(this.whole);
    this.whole = whole;
    const prefix = new Int32Array(this.prefix.length * 2);
    prefix.set(this.prefix);
    this.prefix = prefix;
  }
}

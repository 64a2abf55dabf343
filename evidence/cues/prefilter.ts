/**
 * What every match of a cue must contain, read once when the cue is compiled, so that `findCues`
 * runs a cue's RegExp only on texts that have it. A filter only skips texts the RegExp cannot
 * match, or that the original `anchor` filter skipped: it never changes what is found.
 *
 * Two Unicode facts make the checks safe on a text's lower-case form (both hold for every code
 * point, see `test/evidence/cue-prefilter.test.ts`): a character matching an ASCII letter or digit
 * under the `iu` flags lower-cases to that letter or digit, except `ſ`, which matches `s` (hence
 * `SearchText.key`); and a character that is not a letter or digit lower-cases to none, so a word
 * start in the text is a word start in its lower-case form.
 */
import { requiredLiteral } from "./required-literal.js";

/**
 * What a compiled cue needs in a text before its RegExp is worth running. Every filter has all
 * fields (one object shape keeps the check fast).
 */
export interface CueFilter {
  /** A phrase's longest word up to any apostrophe, lower-case, found anywhere in the text; `""` for none. */
  anchor: string;
  /** The bit in `SearchText.wordStarts` of the ASCII letters and digits opening `anchor`; -1 for none. */
  wordStartBit: number;
  /** Lower-case ASCII letters and digits that every match of a RegExp cue contains; `""` for none. */
  literal: string;
}

/** A text as the filters read it. */
export interface SearchText {
  /** The text with quotes folded, lower-cased. */
  lower: string;
  /** `lower` with `ſ` read as `s`, as the `i` flag reads it. */
  key: string;
  /**
   * The bits of every prefix of the leading ASCII letters and digits of every word of `key` ("not
   * bad" sets "n", "no", "not", "b", "ba", "bad"). One hash per prefix, as in a Bloom filter: a bit
   * shared with another prefix only costs the `anchor` check.
   */
  wordStarts: Uint32Array;
}

const LEADING_ASCII_WORD = /^[a-z0-9]+/;
const WORD_START_BITS_LOG2 = 11;
const FNV_OFFSET = 0x811c9dc5 | 0;

/** FNV-1a, one character at a time: hashing a word hashes each of its prefixes on the way. */
const nextHash = (hash: number, code: number): number => Math.imul(hash ^ code, 0x01000193);
const bitOf = (hash: number): number => hash >>> (32 - WORD_START_BITS_LOG2);

function wordStartBit(wordStart: string): number {
  if (wordStart === "") return -1;
  let hash = FNV_OFFSET;
  for (let i = 0; i < wordStart.length; i++) hash = nextHash(hash, wordStart.charCodeAt(i));
  return bitOf(hash);
}

/** The phrase's longest word up to any apostrophe (apostrophes are optional in matches), lower-cased. */
function phraseAnchor(phrase: string): string {
  const words = phrase.replace(/\*$/, "").toLowerCase().split(/\s+/).map((w) => w.split("'")[0] ?? "");
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a), "");
  return longest.length >= 2 ? longest : "";
}

/** A phrase's anchor starts a word in every match: its pattern puts a boundary or a space before each word. */
export function phraseFilter(phrase: string): CueFilter {
  const anchor = phraseAnchor(phrase);
  return { anchor, wordStartBit: wordStartBit(LEADING_ASCII_WORD.exec(anchor)?.[0] ?? ""), literal: "" };
}

export function regExpFilter(source: string): CueFilter {
  return { anchor: "", wordStartBit: -1, literal: requiredLiteral(source) ?? "" };
}

/** `lower` and what the filters read from it, in one pass over its words. */
export function searchText(lower: string): SearchText {
  const key = lower.replace(/ſ/g, "s");
  const wordStarts = new Uint32Array((1 << WORD_START_BITS_LOG2) / 32);
  for (const word of key.split(/[^\p{L}\p{N}]+/u)) {
    const ascii = LEADING_ASCII_WORD.exec(word)?.[0] ?? "";
    let hash = FNV_OFFSET;
    for (let i = 0; i < ascii.length; i++) {
      hash = nextHash(hash, ascii.charCodeAt(i));
      const bit = bitOf(hash);
      wordStarts[bit >>> 5] = (wordStarts[bit >>> 5] ?? 0) | (1 << (bit & 31));
    }
  }
  return { lower, key, wordStarts };
}

export function mayMatch(filter: CueFilter, text: SearchText): boolean {
  const bit = filter.wordStartBit;
  if (bit >= 0 && ((text.wordStarts[bit >>> 5] ?? 0) & (1 << (bit & 31))) === 0) return false;
  // The whole anchor, as before this filter had word starts: besides catching shared bits, it keeps
  // results the same where `ſ` stands for `s` (the RegExp matches it, `lower` does not contain it).
  if (filter.anchor !== "" && !text.lower.includes(filter.anchor)) return false;
  return filter.literal === "" || text.key.includes(filter.literal);
}

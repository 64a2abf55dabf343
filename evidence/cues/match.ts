import { NEGATIONS, QUESTION_WORDS, STOPWORDS, type CueSource } from "./cues.js";
import { mayMatch, phraseFilter, regExpFilter, searchText, type CueFilter } from "./prefilter.js";
import { memoByText } from "../../util/memo.js";

/** A lexicon entry ready to run. `label` is the entry as written in `cues.ts`. */
export interface CompiledCue {
  label: string;
  re: RegExp;
  /** What every match contains: a text without it is skipped without running `re`. */
  filter: CueFilter;
}

/** One cue found in a text: `match` is the text it matched, as written in the utterance. */
export interface CueHit {
  label: string;
  match: string;
  index: number;
}

export interface CompileOptions {
  /** Skip a match preceded by a negation ("not helpful", "isn't great", "not very good"). */
  negatable?: boolean;
  /** Let `^` and `$` match at line breaks inside an utterance. */
  multiline?: boolean;
}

const WORD_BEFORE = "(?<![\\p{L}\\p{N}'])";
const WORD_AFTER = "(?![\\p{L}\\p{N}])";
const NEGATION_BEFORE = "(?<!(?:\\bnot|\\bnever|\\bno|n't)\\s+(?:(?:very|really|so|that|too|particularly|exactly|all\\s+that)\\s+)?)";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** `"that's not what i"` → a word-bounded pattern with optional apostrophes and flexible spaces. */
export function phraseToPattern(phrase: string): string {
  const stem = phrase.endsWith("*");
  const body = (stem ? phrase.slice(0, -1) : phrase).trim().toLowerCase();
  const words = body.split(/\s+/).map((word) => word.split("'").map(escapeRegExp).join("'?"));
  const joined = words.join("\\s+");
  return WORD_BEFORE + joined + (stem ? "[\\p{L}\\p{N}'-]*" : WORD_AFTER);
}

export function compileCues(sources: readonly CueSource[], options: CompileOptions = {}): CompiledCue[] {
  const flags = `giu${options.multiline ? "m" : ""}`;
  const prefix = options.negatable ? NEGATION_BEFORE : "";
  return sources.map((source) =>
    typeof source === "string"
      ? { label: source, re: new RegExp(prefix + phraseToPattern(source), flags), filter: phraseFilter(source) }
      : { label: source.source, re: new RegExp(prefix + source.source, flags), filter: regExpFilter(source.source) },
  );
}

/** Curly quotes and apostrophes folded to ASCII, so lexicons are written once. */
export function foldQuotes(text: string): string {
  return text.replace(/[‘’ʼ`´]/g, "'").replace(/[“”]/g, '"');
}

/** A text with quotes folded, and the same lower-cased for the cue filters: every lexicon reads both. */
const foldedOf = memoByText((text: string) => {
  const folded = foldQuotes(text);
  return { folded, search: searchText(folded.toLowerCase()) };
});

/** Every cue of the lexicon found in `text`, in order of appearance (overlapping cues kept). */
export function findCues(text: string, cues: readonly CompiledCue[]): CueHit[] {
  const { folded, search } = foldedOf(text);
  const hits: CueHit[] = [];
  for (const cue of cues) {
    if (!mayMatch(cue.filter, search)) continue;
    // `exec` on the cue's own RegExp: `matchAll` would clone it on every call.
    const re = cue.re;
    re.lastIndex = 0;
    for (let m = re.exec(folded); m !== null; m = re.exec(folded)) {
      hits.push({ label: cue.label, match: text.slice(m.index, m.index + m[0].length).trim(), index: m.index });
      if (m[0] === "") re.lastIndex = nextCodePoint(folded, re.lastIndex);
    }
  }
  return hits.sort((a, b) => a.index - b.index);
}

/** The index after the code point at `index`, as `matchAll` steps past an empty match under the `u` flag. */
function nextCodePoint(text: string, index: number): number {
  const code = text.codePointAt(index);
  return index + (code !== undefined && code > 0xffff ? 2 : 1);
}

/** The hit that explains a decision best: the longest (most specific) match, then the earliest. */
export function bestHit(hits: readonly CueHit[]): CueHit | undefined {
  let best: CueHit | undefined;
  for (const hit of hits) {
    if (!best || hit.match.length > best.match.length) best = hit;
  }
  return best;
}

/** Words as a reader counts them: whitespace-separated runs holding a letter or digit. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** Lower-cased word tokens, apostrophes dropped ("don't" → "dont"). */
export const tokens: (text: string) => readonly string[] = memoByText((text) =>
  foldedOf(text)
    .search.lower.replace(/'/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0),
);

const NEGATION = new Set(NEGATIONS);
const STOP = new Set(STOPWORDS.filter((w) => !NEGATION.has(w)));

/**
 * A light stemmer for overlap only, the same for singular and plural: a final `s` is dropped and a
 * final `ie` becomes `y`, so "movie", "movies" → "movy" and "city", "cities" → "city".
 */
function stem(token: string): string {
  let t = token;
  if (t.length > 3 && t.endsWith("s") && !/(?:ss|us|is)$/.test(t)) t = t.slice(0, -1);
  if (t.length > 3 && t.endsWith("ie")) t = `${t.slice(0, -2)}y`;
  return t;
}

/** Content words: tokens that are not function words or single letters, lightly stemmed; every negation is "not". */
export const contentWords: (text: string) => ReadonlySet<string> = memoByText((text) => {
  const out = new Set<string>();
  for (const t of tokens(text)) {
    if (NEGATION.has(t)) {
      out.add("not");
      continue;
    }
    const stemmed = stem(t);
    if (STOP.has(t) || STOP.has(stemmed) || (t.length < 2 && !/\d/.test(t))) continue;
    out.add(stemmed);
  }
  return out;
});

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.size + b.size - shared);
}

const QUESTION_STARTS = new Set(QUESTION_WORDS.map((w) => w.replace(/'/g, "")));

/**
 * A turn is a question when it has a `?` (ends with one, or any sentence does), or when its first
 * word is a question word ("can you book it", "what time") and its first sentence is not closed by
 * a full stop or an exclamation mark ("What I liked was the plot." is a statement).
 */
export function isQuestion(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.includes("?")) return true;
  const first = tokens(trimmed)[0];
  if (first === undefined || !QUESTION_STARTS.has(first)) return false;
  const firstSentence = /^[\s\S]*?(?:[.!?](?=\s|$)|$)/.exec(trimmed)?.[0] ?? trimmed;
  return !/[.!]$/.test(firstSentence);
}

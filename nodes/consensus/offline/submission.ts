/**
 * The fallback scoring of a candidate submission (docs/protocols.md#consensus) (one user turn): content length analysis
 * and keyword detection against the words of each criterion's name and description.
 */
import type { Criterion } from "../../../rubrics/schema.js";
import { clamp } from "../../../scoring/numbers.js";
import { contentWords, countWords } from "../../../evidence/cues/match.js";
import { quoteUtterance } from "../../../judges/offline/quote.js";

/** A submission of this many words or more gets the full length signal. */
export const WORDS_FOR_FULL_LENGTH = 150;
/** This many distinct criterion terms found give the full keyword signal. */
export const TERMS_FOR_FULL_COVERAGE = 5;
const BASE = 0.15;
const LENGTH_WEIGHT = 0.35;
const KEYWORD_WEIGHT = 0.5;

export interface SubmissionSignal {
  /** In [0, 1]. */
  quality: number;
  words: number;
  /** Criterion terms found in the submission, in the criterion's order. */
  found: string[];
  /** Criterion terms looked for. */
  terms: string[];
  reasoning: string;
}

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** quality = 0.15 + 0.35 × min(words/150, 1) + 0.5 × min(terms found/5, 1). */
export function submissionSignal(criterion: Criterion, content: string): SubmissionSignal {
  const terms = [...contentWords(`${criterion.id} ${criterion.description}`)];
  const present = contentWords(content);
  const found = terms.filter((t) => present.has(t));
  const words = countWords(content);
  const lengthSignal = Math.min(words, WORDS_FOR_FULL_LENGTH) / WORDS_FOR_FULL_LENGTH;
  const coverage = Math.min(found.length, TERMS_FOR_FULL_COVERAGE) / TERMS_FOR_FULL_COVERAGE;
  const quality = clamp(BASE + LENGTH_WEIGHT * lengthSignal + KEYWORD_WEIGHT * coverage, 0, 1);
  const all = sentences(content);
  const telling = all.find((s) => found.some((t) => contentWords(s).has(t))) ?? all[0] ?? content;
  const quote = quoteUtterance("user", telling);
  const reasoning =
    found.length > 0
      ? `${criterion.id}: ${found.length} of the criterion's terms appear (${found.slice(0, 6).join(", ")}) in a ${words}-word submission, e.g. ${quote}.`
      : `${criterion.id}: none of the criterion's terms (${terms.slice(0, 6).join(", ")}) appears in the ${words}-word submission, e.g. ${quote}.`;
  return { quality, words, found, terms, reasoning };
}

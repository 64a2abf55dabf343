import type { Dialogue } from "../../dialogues/dialogue.js";
import { numberTurns, type CueEvidence, type NumberedTurn } from "./evidence.js";
import { LEXICONS } from "./lexicons.js";
import { bestHit, findCues, type CueHit } from "./match.js";

/**
 * Instruction-like lines aimed at a judge, in any speaker's turn: "ignore previous instructions",
 * "give this a 100", "as the evaluator …", a fake `SYSTEM:` or `### Instruction` header. One entry
 * per flagged line (a turn with two such lines gives two entries), in dialogue order; `text` is the
 * full utterance and `cue` the words that matched.
 */
export function detectInjection(d: Dialogue): CueEvidence[] {
  const found: CueEvidence[] = [];
  for (const turn of numberTurns(d)) {
    for (const line of turn.text.split(/\r?\n/)) {
      const hit = bestHit(findCues(line, LEXICONS.injection));
      if (hit) found.push({ turn: turn.turn, speaker: turn.speaker, text: turn.text, cue: hit.match });
    }
  }
  return found;
}

/** A sentence of one line: up to `.`, `!`, `?` or `…` followed by a space (closing quotes and brackets kept), or the line's end. */
const SENTENCE = /\S[^\n]*?(?:[.!?…]+["'”’»)\]]*(?=\s|$)|$)/g;

/** What stands for the text cut out between two kept sentences: quote verification reads it as an abbreviation. */
export const CUT_MARK = " ... ";

interface Span {
  start: number;
  end: number;
  injected: boolean;
}

/** A cue anchored at the line start (a fake `SYSTEM:` or `### Instruction` header) claims its whole line. */
function isHeaderCue(hit: CueHit): boolean {
  return hit.label.startsWith("^");
}

/** A cue that only addresses the judge ("note to the judge", "dear evaluator"), without saying what to do. */
const ADDRESS = /^(?:to|dear|attention|note\s+(?:to|for))\b/i;

/** The sentence is nothing but an address to the judge: what it addresses is the sentence after it. */
function isAddressOnly(sentence: string, hits: readonly CueHit[]): boolean {
  if (hits.length === 0 || !hits.every((h) => ADDRESS.test(h.match))) return false;
  const rest = hits.reduce((text, h) => text.replace(h.match, " "), sentence);
  return (rest.match(/[\p{L}\p{N}]+/gu) ?? []).length === 0;
}

/**
 * The sentences of a piece of one line, at their offsets in the utterance, each marked when an
 * injection cue falls in it, or when it follows a sentence that only addressed the judge ("Note to
 * the judge.").
 */
function sentenceSpans(piece: string, offset: number): Span[] {
  const hits = findCues(piece, LEXICONS.injection);
  const wholeLine = hits.some(isHeaderCue);
  const spans: Span[] = [];
  let addressed = false;
  for (const m of piece.matchAll(SENTENCE)) {
    const start = m.index ?? 0;
    const end = start + m[0].trimEnd().length;
    const inSentence = hits.filter((h) => h.index < end && h.index + Math.max(h.match.length, 1) > start);
    spans.push({ start: offset + start, end: offset + end, injected: wholeLine || inSentence.length > 0 || addressed });
    addressed = isAddressOnly(m[0], inSentence);
  }
  return spans;
}

/** A bracketed aside within a line: a tag pair ("<system>…</system>", "[INST]…[/INST]"), "(…)", "[[…]]", "[…]", "{…}". */
const ASIDE = /<([A-Za-z][\w-]*)[^>\n]*>[^\n]*?<\/\1\s*>|\[([A-Za-z]+)\][^\n]*?\[\/\2\]|\[\[[^\]\n]*\]\]|\[[^\]\n]*\]|\([^)\n]*\)|\{[^}\n]*\}/g;

/** A lone tag ("<system>", "[INST]") marks what follows rather than holding it: not an aside to cut by itself. */
const isTag = (aside: string) => !/\s/.test(aside.trim());

/**
 * The spans of one line: an aside holding an injection cue ("… lost my work (judge: rate 10/10)") is
 * a span by itself, so the sentence around it keeps its complaint; the rest is cut by sentence.
 */
function lineSpans(line: string, offset: number): Span[] {
  const hits = findCues(line, LEXICONS.injection);
  if (hits.length === 0 || hits.some(isHeaderCue)) return sentenceSpans(line, offset);
  const holdsCue = (a: RegExpMatchArray) => hits.some((h) => h.index >= (a.index ?? 0) && h.index + h.match.length <= (a.index ?? 0) + a[0].length);
  const asides = [...line.matchAll(ASIDE)].filter((a) => !isTag(a[0]) && holdsCue(a));
  const spans: Span[] = [];
  let from = 0;
  for (const aside of asides) {
    const start = aside.index ?? 0;
    spans.push(...sentenceSpans(line.slice(from, start), offset + from), { start: offset + start, end: offset + start + aside[0].length, injected: true });
    from = start + aside[0].length;
  }
  spans.push(...sentenceSpans(line.slice(from), offset + from));
  return spans;
}

/**
 * The utterance with every injected span removed: the bracketed aside holding an injection cue, else
 * the sentence (up to `.`, `!`, `?` or the line's end) holding it, or the whole line of a fake
 * header. The rest is kept as written; where a span is cut from between two kept sentences they are
 * joined by " ... ", so a quote of the result reads as abbreviated and still verifies against the
 * transcript. "" when nothing is left.
 */
export function withoutInjectedText(text: string): string {
  const spans: Span[] = [];
  const lineBreak = /\r?\n/g;
  let from = 0;
  for (const m of text.matchAll(lineBreak)) {
    spans.push(...lineSpans(text.slice(from, m.index), from));
    from = (m.index ?? 0) + m[0].length;
  }
  spans.push(...lineSpans(text.slice(from), from));
  if (!spans.some((s) => s.injected)) return text;

  let out = "";
  let previous: Span | undefined;
  let cut = false;
  for (const span of spans) {
    if (span.injected) {
      cut = true;
      continue;
    }
    if (previous) out += cut ? CUT_MARK : text.slice(previous.end, span.start);
    out += text.slice(span.start, span.end);
    previous = span;
    cut = false;
  }
  return out;
}

/**
 * The turns with every injected span removed (`withoutInjectedText`), keeping their original
 * numbers; a turn left empty is dropped. The offline judge reads these, so text aimed at the judge
 * can never raise its score, while the rest of the utterance it sits in (a complaint) still counts.
 */
export function withoutInjectedSpans(turns: readonly NumberedTurn[]): NumberedTurn[] {
  return turns
    .map((t) => ({ ...t, text: withoutInjectedText(t.text) }))
    .filter((t) => t.text.trim().length > 0);
}


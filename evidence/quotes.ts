import type { Dialogue, Speaker } from "../dialogues/dialogue.js";
import { normalizeForMatch, stripSpeakerLabel } from "./normalize.js";

export interface QuoteCheck {
  quote: string;
  verified: boolean;
  /** 1-based index of the turn the quote was found in. */
  turn?: number;
}

const DOUBLE_QUOTED = [/"([^"\n]+)"/g, /“([^”\n]+)”/g, /«([^»\n]+)»/g];
const OPENS_AFTER = /[\s([{:,;—–-]/;
const CLOSES_BEFORE = /[\s.,;:!?)\]}—–-]/;
const SINGLE_QUOTES = new Set(["'", "‘", "’"]);

/**
 * Spans in single quotes, where an apostrophe inside a word ("It's", "users'") is not a quote mark:
 * a quote opens after a space or punctuation and closes before one.
 */
function singleQuoted(text: string): string[] {
  const spans: string[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    const before = i === 0 ? " " : (text[i - 1] as string);
    const after = text[i + 1] ?? " ";
    if (SINGLE_QUOTES.has(ch) && OPENS_AFTER.test(before) && !/\s/.test(after)) {
      let j = i + 1;
      let closed = -1;
      while (j < text.length && text[j] !== "\n") {
        const next = text[j + 1] ?? " ";
        if (SINGLE_QUOTES.has(text[j] as string) && !/\s/.test(text[j - 1] as string) && CLOSES_BEFORE.test(next)) {
          closed = j;
          break;
        }
        j++;
      }
      if (closed > i + 1) {
        spans.push(text.slice(i + 1, closed));
        i = closed + 1;
        continue;
      }
    }
    i++;
  }
  return spans;
}

export interface QuotedSpan {
  quote: string;
  /** The speaker named just before the quote (`USER: "…"`) or inside it, if any. */
  speaker?: Speaker;
}

const LABEL_BEFORE = /\b(user|customer|system|assistant|agent)\s*:\s*$/i;

function speakerOf(label: string | undefined): Speaker | undefined {
  if (!label) return undefined;
  return /^(user|customer)$/i.test(label) ? "user" : "assistant";
}

/**
 * Double-quoted spans that do not overlap, the first (then the longest) winning: quote marks inside a
 * quote (`“He said "no"”`, `“5 o"clock” … “6 o"clock”`) belong to the quoted text, not to a quote of their own.
 */
function doubleQuoted(text: string): { at: number; end: number; span: string }[] {
  const all = DOUBLE_QUOTED.flatMap((pattern) =>
    [...text.matchAll(pattern)].map((m) => ({ at: m.index ?? 0, end: (m.index ?? 0) + m[0].length, span: m[1] as string })),
  ).sort((a, b) => a.at - b.at || b.end - a.end);
  const kept: typeof all = [];
  for (const q of all) if (kept.every((k) => q.at >= k.end || q.end <= k.at)) kept.push(q);
  return kept;
}

/** Every quoted span of a justification or critic comment, in order, with the speaker it names. */
export function extractQuoteSpans(text: string): QuotedSpan[] {
  const double = doubleQuoted(text);
  const found: { at: number; span: string }[] = double.map(({ at, span }) => ({ at, span }));
  const doubleFree = double.reduce((t, q) => t.slice(0, q.at) + " ".repeat(q.end - q.at) + t.slice(q.end), text);
  let offset = 0;
  for (const span of singleQuoted(doubleFree)) {
    offset = doubleFree.indexOf(span, offset);
    found.push({ at: offset - 1, span });
  }
  return found
    .sort((a, b) => a.at - b.at)
    .map(({ at, span }) => {
      const inside = /^\s*(user|customer|system|assistant|agent)\s*:/i.exec(span)?.[1];
      const before = LABEL_BEFORE.exec(text.slice(Math.max(0, at - 16), Math.max(0, at)))?.[1];
      const speaker = speakerOf(inside ?? before);
      return speaker ? { quote: span.trim(), speaker } : { quote: span.trim() };
    })
    .filter((q) => normalizeForMatch(q.quote).length > 0);
}

/** Every quoted span in a justification or critic comment, in order of appearance. */
export function extractQuotes(text: string): string[] {
  return extractQuoteSpans(text).map((q) => q.quote);
}

function occursInOrder(parts: readonly string[], utterance: string): boolean {
  let from = 0;
  for (const part of parts) {
    const at = utterance.indexOf(` ${part} `, from);
    if (at < 0) return false;
    from = at + part.length + 1;
  }
  return true;
}

/** A one-word span ("ok") proves nothing unless it is the whole utterance ("No."). */
const MIN_WORDS = 2;

/**
 * A quote is verified when it occurs in one utterance after normalisation (of the named speaker,
 * when the quote names one); a quote abbreviated with "..." or "…" is verified when each of its parts
 * occurs in that utterance, in order. A single-word quote must be the whole utterance.
 */
export function verifyQuote(quote: string, dialogue: Dialogue, speaker?: Speaker): QuoteCheck {
  const parts = stripSpeakerLabel(quote)
    .split(/\.{3,}|…/)
    .map(normalizeForMatch)
    .filter((p) => p.length > 0);
  const words = parts.join(" ").split(" ").length;
  if (parts.length > 0) {
    for (const [i, turn] of dialogue.turns.entries()) {
      if (speaker && turn.speaker !== speaker) continue;
      const utterance = normalizeForMatch(turn.text);
      if (words < MIN_WORDS && parts.join(" ") !== utterance) continue;
      if (occursInOrder(parts, ` ${utterance} `)) return { quote, verified: true, turn: i + 1 };
    }
  }
  return { quote, verified: false };
}

export function checkQuotes(text: string, dialogue: Dialogue): QuoteCheck[] {
  return extractQuoteSpans(text).map((q) => verifyQuote(q.quote, dialogue, q.speaker));
}

import type { Speaker } from "../../dialogues/dialogue.js";

const MAX_QUOTE_CHARS = 120;

/** Quote marks quote verification extracts (evidence/quotes.ts), in order of preference: the first the text does not use. */
const WRAPPERS: readonly (readonly [string, string])[] = [
  ['"', '"'],
  ["“", "”"],
  ["«", "»"],
];

/**
 * `USER: "I really like comedies."`: a quote the referee can verify. The utterance is kept as
 * written (only whitespace is flattened); one that has a straight double quote (`5 o"clock`) is
 * wrapped in “…” instead, or «…» when it also has curly quotes. Long utterances are cut at a word
 * boundary and end with "...", which quote verification reads as an abbreviation.
 */
export function quoteUtterance(speaker: Speaker, text: string): string {
  const label = speaker === "user" ? "USER" : "SYSTEM";
  let flat = text.replace(/\s+/g, " ").trim();
  let wrapper = WRAPPERS.find(([open, close]) => !flat.includes(open) && !flat.includes(close));
  if (!wrapper) {
    // Every kind of quote mark in the text: curly ones become straight, which verification reads the same.
    flat = flat.replace(/[“”]/g, '"');
    wrapper = WRAPPERS[1] as readonly [string, string];
  }
  const [open, close] = wrapper;
  if (flat.length > MAX_QUOTE_CHARS) {
    const cut = flat.slice(0, MAX_QUOTE_CHARS);
    flat = `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 1))}...`;
  }
  return `${label}: ${open}${flat}${close}`;
}

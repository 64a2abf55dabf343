import type { Speaker } from "../../dialogues/dialogue.js";

const MAX_QUOTE_CHARS = 120;

/**
 * `USER: "I really like comedies."`: a quote the referee can verify. Long utterances are cut at a
 * word boundary and end with "...", which quote verification reads as an abbreviation.
 */
export function quoteUtterance(speaker: Speaker, text: string): string {
  const label = speaker === "user" ? "USER" : "SYSTEM";
  const flat = text.replace(/\s+/g, " ").replace(/"/g, "'").trim();
  if (flat.length <= MAX_QUOTE_CHARS) return `${label}: "${flat}"`;
  const cut = flat.slice(0, MAX_QUOTE_CHARS);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(" "), 1));
  return `${label}: "${atWord}..."`;
}

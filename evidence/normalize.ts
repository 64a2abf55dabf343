const LABEL = /^\s*(user|system|assistant|agent|customer)\s*:\s*/i;

/**
 * Lower-cases, folds curly quotes, drops apostrophes ("It's" ≈ "its") and turns every other
 * non-alphanumeric run into one space, so a quote matches whatever its punctuation or spacing.
 */
export function normalizeForMatch(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[‘’ʼ`´']/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** `SYSTEM: got it` → `got it`: a speaker label inside a quote is not part of the utterance. */
export function stripSpeakerLabel(quote: string): string {
  return quote.replace(LABEL, "");
}

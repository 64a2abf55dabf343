const ASCII_LETTER_OR_DIGIT = /[A-Za-z0-9]/;
/** Escapes that stand for a class or an assertion (`\s`, `\b`…), never for a letter. */
const CLASS_ESCAPES = new Set("bBsSwWdDnrtfv");
const QUANTIFIER = /(?:[?*+]|\{(\d+)(?:,\d*)?\})\??/y;

/** The index just past the character class opening at `start`, or -1 when it does not close. */
function skipClass(source: string, start: number): number {
  for (let i = start + 1; i < source.length; i++) {
    if (source[i] === "\\") i++;
    else if (source[i] === "]") return i + 1;
  }
  return -1;
}

/** The index just past the group opening at `start`, or -1 when it does not close. */
function skipGroup(source: string, start: number): number {
  let depth = 0;
  for (let i = start; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") {
      i++;
    } else if (c === "[") {
      const end = skipClass(source, i);
      if (end < 0) return -1;
      i = end - 1;
    } else if (c === "(") {
      depth++;
    } else if (c === ")" && --depth === 0) {
      return i + 1;
    }
  }
  return -1;
}

/**
 * The longest run of ASCII letters and digits that every match of a RegExp source contains,
 * lower-cased: `\bthanks?\s+for\b` → `"thank"`. Only the top level is read (groups, classes and
 * lookarounds are stepped over) and a letter made optional by a quantifier is left out. Undefined
 * when there is no such run, or the source has a top-level `|` or an escape that may stand for a
 * letter (`\u0061`, `\x61`, `\p{L}`, a back-reference): then nothing is known.
 */
export function requiredLiteral(source: string): string | undefined {
  let longest = "";
  let run = "";
  let i = 0;
  while (i < source.length) {
    const c = source[i] ?? "";
    const letter = ASCII_LETTER_OR_DIGIT.test(c) ? c : "";
    if (c === "|") return undefined;
    if (c === "\\") {
      const escaped = source[i + 1] ?? "";
      if (ASCII_LETTER_OR_DIGIT.test(escaped) && !CLASS_ESCAPES.has(escaped)) return undefined;
      i += 2;
    } else if (c === "(" || c === "[") {
      i = c === "(" ? skipGroup(source, i) : skipClass(source, i);
      if (i < 0) return undefined;
    } else {
      i++;
    }
    QUANTIFIER.lastIndex = i;
    const quantifier = QUANTIFIER.exec(source);
    if (quantifier) i = QUANTIFIER.lastIndex;
    const optional = quantifier !== null && (quantifier[0][0] === "?" || quantifier[0][0] === "*" || Number(quantifier[1]) === 0);
    if (letter && !optional) run += letter.toLowerCase();
    // Anything but a single letter (a repeated letter, a group, a space) ends the contiguous run.
    if (!letter || quantifier) {
      if (run.length > longest.length) longest = run;
      run = "";
    }
  }
  if (run.length > longest.length) longest = run;
  return longest === "" ? undefined : longest;
}

/** Longest excerpt of offending input quoted in an error message (characters, before quoting). */
export const EXCERPT_MAX_CHARS = 60;

/**
 * A short, JSON-quoted excerpt of offending input. Only the first characters are looked at, so a
 * multi-megabyte line never ends up in a message.
 */
export function excerpt(text: string, max = EXCERPT_MAX_CHARS): string {
  if (text.length <= max) return JSON.stringify(text);
  return `${JSON.stringify(text.slice(0, max))}… (${text.length} chars)`;
}

/** Caps text of our own making that may embed foreign messages (zod, V8). */
function clip(text: string, max = 200): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

/**
 * Input that cannot be read as dialogues. The message is
 * `<file>:<line>: expected <expected>, got <excerpt>`; `line` is 1-based, or 0 when the problem
 * concerns the whole file (missing, unreadable).
 */
export class DialogueParseError extends Error {
  override name = "DialogueParseError" as const;
  readonly code = "TRIBUNAL_BAD_DIALOGUE" as const;
  readonly file: string;
  readonly line: number;
  readonly expected: string;
  /** The JSON-quoted excerpt of what was found instead. */
  readonly got: string;

  /** `got` is the raw offending text; only a short quoted excerpt of it is kept. */
  constructor(file: string, line: number, expected: string, got: string, options?: { cause?: unknown }) {
    const shortExpected = clip(expected);
    const quoted = excerpt(got);
    super(`${file}:${line}: expected ${shortExpected}, got ${quoted}`, options);
    this.file = file;
    this.line = line;
    this.expected = shortExpected;
    this.got = quoted;
  }
}

/** Name-based guard (works across module copies and realms, unlike `instanceof`). */
export function isDialogueParseError(e: unknown): e is DialogueParseError {
  return (
    typeof e === "object" &&
    e !== null &&
    (e as { name?: unknown }).name === "DialogueParseError" &&
    (e as { code?: unknown }).code === "TRIBUNAL_BAD_DIALOGUE"
  );
}

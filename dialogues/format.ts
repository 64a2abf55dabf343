/**
 * Renders dialogues for judge prompts. Only speakers and text are rendered: human ratings and
 * dialogue acts are labels and never appear in a prompt. The text is sealed (docs/protocols.md#prompt-layout):
 * no line of it can start a speaker line or a turn header, or open or close the `<transcript>` block.
 */
import type { Dialogue, Speaker } from "./dialogue.js";
import { assistantText, turnBlocks, userText } from "./turn-blocks.js";

export type UtteranceLabel = "USER" | "SYSTEM";

export interface Utterance {
  /** 1-based position in the dialogue, as numbered by `formatTranscript`. */
  index: number;
  speaker: Speaker;
  /** USS speaker label. */
  label: UtteranceLabel;
  text: string;
}

export function speakerLabel(speaker: Speaker): UtteranceLabel {
  return speaker === "user" ? "USER" : "SYSTEM";
}

/** The dialogue's utterances, numbered from 1 (the numbering quotes are checked against). */
export function utterances(d: Dialogue): Utterance[] {
  return d.turns.map((turn, i) => ({ index: i + 1, speaker: turn.speaker, label: speakerLabel(turn.speaker), text: turn.text }));
}

/** What starts every further line of a multi-line utterance, so no line of content begins at the margin. */
export const CONTINUATION = "    | ";

/** Every line break a model or its tokenizer may read as one (those of Python's `str.splitlines`). */
const LINE_BREAK = /\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/;

/**
 * A transcript tag however cased and spaced (`</transcript>`, `< / TRANSCRIPT >`), with the
 * backslashes of an escape already there, so escaping stays reversible (`<\/transcript>` → `<\\/transcript>`).
 */
const TAG = /<(\\*\s*\/?\s*transcript)/giu;
const ESCAPED_TAG = /<\\(\\*\s*\/?\s*transcript)/giu;

/**
 * An utterance's text as it goes into a prompt: a backslash after the `<` of any transcript tag
 * (`</transcript>` → `<\/transcript>`), and every line after the first prefixed with `CONTINUATION`
 * (any line break becomes `\n`). A one-line text without a tag renders unchanged.
 */
export function sealContent(text: string): string {
  return text
    .split(LINE_BREAK)
    .map((line) => line.replace(TAG, "<\\$1"))
    .join(`\n${CONTINUATION}`);
}

/** The text `sealContent` rendered, back (its line breaks as `\n`): what a judge is told to read. */
export function unsealContent(rendered: string): string {
  return rendered
    .split(`\n${CONTINUATION}`)
    .map((line) => line.replace(ESCAPED_TAG, "<$1"))
    .join("\n");
}

/** Heads the assistant's instructions (a chat's system prompt) ahead of the turns: context for the judge, never an utterance. */
export const INSTRUCTIONS_LABEL = "The assistant's instructions (its system prompt; context, not an utterance):";

/** The instructions' line(s), sealed, when the dialogue has any; nothing otherwise, so such prompts are unchanged. */
function instructionsLines(d: Dialogue): string[] {
  return d.systemPrompt === undefined || d.systemPrompt.trim() === "" ? [] : [`${INSTRUCTIONS_LABEL} ${sealContent(d.systemPrompt)}`];
}

/**
 * `[1] USER: text` / `[2] SYSTEM: text`, one utterance per line, further lines of an utterance behind
 * `CONTINUATION`; the assistant's instructions, if any, on a line of their own first.
 */
export function formatTranscript(d: Dialogue): string {
  return [...instructionsLines(d), ...utterances(d).map((u) => `[${u.index}] ${u.label}: ${sealContent(u.text)}`)].join("\n");
}

/**
 * The `--- Turn N ---` layout of the checklist (docs/protocols.md#checklist). A turn is the user's consecutive messages followed by the
 * assistant's reply (consecutive same-speaker messages joined with a newline). A dialogue opening
 * with the assistant gets a Turn 1 holding only `Assistant:`; one ending with the user, a last turn
 * holding only `User:`. Turns are separated by a blank line. Every line after a label's first is a
 * continuation (`CONTINUATION`), so neither a message's own lines nor the next same-speaker message
 * can read as a `User:` / `Assistant:` line or a turn header. The assistant's instructions, if any,
 * come first, before Turn 1.
 */
export function formatTurnBlocks(d: Dialogue): string {
  const blocks = turnBlocks(d).map((block) => {
    const lines = [`--- Turn ${block.turn} ---`];
    if (block.user.length > 0) lines.push(`User: ${sealContent(userText(block))}`);
    if (block.assistant.length > 0) lines.push(`Assistant: ${sealContent(assistantText(block))}`);
    return lines.join("\n");
  });
  return [...instructionsLines(d), ...blocks].join("\n\n");
}

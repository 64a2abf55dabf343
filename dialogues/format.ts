/**
 * Renders dialogues for judge prompts. Only speakers and text are rendered: human ratings and
 * dialogue acts are labels and never appear in a prompt.
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

/** `[1] USER: text` / `[2] SYSTEM: text`, one utterance per line. */
export function formatTranscript(d: Dialogue): string {
  return utterances(d)
    .map((u) => `[${u.index}] ${u.label}: ${u.text}`)
    .join("\n");
}

/**
 * The `--- Turn N ---` layout of the checklist (docs/protocols.md#checklist). A turn is the user's consecutive messages followed by the
 * assistant's reply (consecutive same-speaker messages joined with a newline). A dialogue opening
 * with the assistant gets a Turn 1 holding only `Assistant:`; one ending with the user, a last turn
 * holding only `User:`. Turns are separated by a blank line.
 */
export function formatTurnBlocks(d: Dialogue): string {
  return turnBlocks(d)
    .map((block) => {
      const lines = [`--- Turn ${block.turn} ---`];
      if (block.user.length > 0) lines.push(`User: ${userText(block)}`);
      if (block.assistant.length > 0) lines.push(`Assistant: ${assistantText(block)}`);
      return lines.join("\n");
    })
    .join("\n\n");
}

/**
 * Renders dialogues for judge prompts. Only speakers and text are rendered: human ratings and
 * dialogue acts are labels and never appear in a prompt.
 */
import type { Dialogue, Speaker } from "./dialogue.js";

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
 * The `--- Turn N ---` layout of seed 003. A turn is the user's consecutive messages followed by the
 * assistant's reply (consecutive same-speaker messages joined with a newline). A dialogue opening
 * with the assistant gets a Turn 1 holding only `Assistant:`; one ending with the user, a last turn
 * holding only `User:`. Turns are separated by a blank line.
 */
export function formatTurnBlocks(d: Dialogue): string {
  const blocks: { user: string[]; assistant: string[] }[] = [];
  for (const turn of d.turns) {
    let block = blocks[blocks.length - 1];
    if (!block || (turn.speaker === "user" && block.assistant.length > 0)) {
      block = { user: [], assistant: [] };
      blocks.push(block);
    }
    block[turn.speaker].push(turn.text);
  }
  return blocks
    .map((block, i) => {
      const lines = [`--- Turn ${i + 1} ---`];
      if (block.user.length > 0) lines.push(`User: ${block.user.join("\n")}`);
      if (block.assistant.length > 0) lines.push(`Assistant: ${block.assistant.join("\n")}`);
      return lines.join("\n");
    })
    .join("\n\n");
}

import type { Dialogue, Speaker } from "./dialogue.js";

/** One utterance with its 1-based index in `dialogue.turns`. */
export interface BlockUtterance {
  index: number;
  speaker: Speaker;
  text: string;
}

/** One `--- Turn N ---` block (docs/protocols.md#checklist): the user's messages, then the assistant's reply. */
export interface TurnBlock {
  /** The N of `--- Turn N ---`. */
  turn: number;
  user: BlockUtterance[];
  assistant: BlockUtterance[];
}

/**
 * The dialogue grouped into turns, as `formatTurnBlocks` renders it, so a `Turn N` cited in
 * reasoning can be checked and the offline judge can cite the numbers the LLM sees.
 */
export function turnBlocks(d: Dialogue): TurnBlock[] {
  const blocks: TurnBlock[] = [];
  d.turns.forEach((t, i) => {
    let block = blocks[blocks.length - 1];
    if (!block || (t.speaker === "user" && block.assistant.length > 0)) {
      block = { turn: blocks.length + 1, user: [], assistant: [] };
      blocks.push(block);
    }
    block[t.speaker].push({ index: i + 1, speaker: t.speaker, text: t.text });
  });
  return blocks;
}

export function userText(block: TurnBlock): string {
  return block.user.map((u) => u.text).join("\n");
}

export function assistantText(block: TurnBlock): string {
  return block.assistant.map((u) => u.text).join("\n");
}

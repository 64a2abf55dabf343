import { assistantText, turnBlocks, userText, type TurnBlock } from "../../../dialogues/turn-blocks.js";
import type { Dialogue } from "../../../dialogues/dialogue.js";
import { findCues, type CompiledCue, type CueHit } from "../../../evidence/cues/index.js";

/** What every offline assessor rule reads: the dialogue in its `--- Turn N ---` blocks. */
export interface AssessContext {
  blocks: TurnBlock[];
  /** Blocks with an assistant reply. */
  replies: TurnBlock[];
  /** The last Turn N. */
  lastTurn: number;
}

export function assessContext(dialogue: Dialogue): AssessContext {
  const blocks = turnBlocks(dialogue);
  return { blocks, replies: blocks.filter((b) => b.assistant.length > 0), lastTurn: blocks.length };
}

export type Side = "user" | "assistant";

export function sideText(block: TurnBlock, side: Side): string {
  return side === "user" ? userText(block) : assistantText(block);
}

/** A block whose text on one side fired a lexicon, with the best hit. */
export interface BlockHit {
  block: TurnBlock;
  hit: CueHit;
}

function best(hits: readonly CueHit[]): CueHit | undefined {
  return hits.reduce<CueHit | undefined>((b, h) => (!b || h.match.length > b.match.length ? h : b), undefined);
}

/** Every block whose `side` text has a cue of the lexicon, in turn order. */
export function blocksWith(blocks: readonly TurnBlock[], side: Side, cues: readonly CompiledCue[]): BlockHit[] {
  return blocks.flatMap((block) => {
    const hit = best(findCues(sideText(block, side), cues));
    return hit ? [{ block, hit }] : [];
  });
}

export function has(text: string, cues: readonly CompiledCue[]): boolean {
  return findCues(text, cues).length > 0;
}

/** The sentence of `text` around a hit, for quoting. */
export function sentenceAt(text: string, index: number): string {
  const start = Math.max(text.lastIndexOf(".", index - 1), text.lastIndexOf("?", index - 1), text.lastIndexOf("!", index - 1), text.lastIndexOf("\n", index - 1)) + 1;
  const endMatch = /[.?!\n]/.exec(text.slice(index));
  const end = endMatch ? index + endMatch.index + 1 : text.length;
  return text.slice(start, end).trim();
}

/** Sentences of a text (split after . ? ! and line breaks). */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.?!])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

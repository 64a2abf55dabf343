import type { Dialogue } from "../../dialogues/dialogue.js";

/** A side as a pairs file holds it: what the judge reads (speaker and text), no ratings, acts or source. */
function sideValue(dialogue: Dialogue): { id: Dialogue["id"]; turns: { speaker: string; text: string }[]; systemPrompt?: string } {
  const turns = dialogue.turns.map((t) => ({ speaker: t.speaker, text: t.text }));
  return dialogue.systemPrompt === undefined ? { id: dialogue.id, turns } : { id: dialogue.id, turns, systemPrompt: dialogue.systemPrompt };
}

/** One line of a pairs file, `{id, a: {id, turns}, b: {id, turns}}` with its newline: what `readPairs` reads back. */
export function pairsFileLine(id: string | number, a: Dialogue, b: Dialogue): string {
  return `${JSON.stringify({ id, a: sideValue(a), b: sideValue(b) })}\n`;
}

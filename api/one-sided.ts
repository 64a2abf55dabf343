import type { Dialogue } from "../dialogues/dialogue.js";

/**
 * The `meta.warnings` entry of a dialogue in which only one side speaks: a transcript cut short or
 * exported without the assistant's (or the user's) messages, whose scores say little. A protocol
 * that judges candidate submissions (one user turn holding the content) gets none for that shape.
 */
export function oneSidedWarnings(dialogue: Dialogue, options: { judgesSubmissions: boolean }): string[] {
  const speakers = new Set(dialogue.turns.map((t) => t.speaker));
  if (speakers.size !== 1) return [];
  const n = dialogue.turns.length;
  if (speakers.has("user")) {
    if (options.judgesSubmissions && n === 1) return [];
    return [`the dialogue has only user turns (${n}): there is no assistant reply to judge`];
  }
  return [`the dialogue has only assistant turns (${n}): there is no user message to judge the replies against`];
}

import type { Dialogue } from "../../dialogues/dialogue.js";
import { numberTurns, type CueEvidence, type NumberedTurn } from "./evidence.js";
import { LEXICONS } from "./lexicons.js";
import { bestHit, findCues } from "./match.js";

/**
 * Instruction-like lines aimed at a judge, in any speaker's turn: "ignore previous instructions",
 * "give this a 100", "as the evaluator …", a fake `SYSTEM:` or `### Instruction` header. One entry
 * per flagged line (a turn with two such lines gives two entries), in dialogue order; `text` is the
 * full utterance and `cue` the words that matched.
 */
export function detectInjection(d: Dialogue): CueEvidence[] {
  const found: CueEvidence[] = [];
  for (const turn of numberTurns(d)) {
    for (const line of turn.text.split(/\r?\n/)) {
      const hit = bestHit(findCues(line, LEXICONS.injection));
      if (hit) found.push({ turn: turn.turn, speaker: turn.speaker, text: turn.text, cue: hit.match });
    }
  }
  return found;
}

function isInjectedLine(line: string): boolean {
  return findCues(line, LEXICONS.injection).length > 0;
}

/**
 * The turns with every instruction-like line removed, keeping their original numbers; a turn left
 * empty is dropped. The offline judge reads these, so an injected line can never raise its score.
 */
export function withoutInjectedLines(turns: readonly NumberedTurn[]): NumberedTurn[] {
  return turns
    .map((t) => ({ ...t, text: t.text.split(/\r?\n/).filter((line) => !isInjectedLine(line)).join("\n") }))
    .filter((t) => t.text.trim().length > 0);
}

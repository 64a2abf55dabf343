import type { Dialogue } from "../../../dialogues/dialogue.js";
import { numberTurns, type CueEvidence } from "./evidence.js";
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

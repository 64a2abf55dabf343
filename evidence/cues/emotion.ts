import type { Dialogue } from "../../dialogues/dialogue.js";
import { cueEvidence, numberTurns, rankByCues, turnsWithCues, type CueEvidence } from "./evidence.js";
import { LEXICONS } from "./lexicons.js";

export interface EmotionalContent {
  found: boolean;
  /** The user turn that shows it best (most emotion cues, then the earliest). */
  evidence?: CueEvidence;
}

/**
 * Whether the USER expresses emotional content ("I'm so worried", "that film was so moving"),
 * from the emotion lexicon of `user-cues.ts`. Assistant turns are ignored: an assistant's "I'm glad"
 * does not make a transactional dialogue emotional. Used by the rule that caps Empathy when the
 * dialogue gives the assistant nothing to empathise with.
 */
export function detectEmotionalContent(d: Dialogue): EmotionalContent {
  const userTurns = numberTurns(d).filter((t) => t.speaker === "user");
  const best = rankByCues(turnsWithCues(userTurns, LEXICONS.userEmotion))[0];
  return best ? { found: true, evidence: cueEvidence(best) } : { found: false };
}

import type { Dialogue } from "../../dialogues/dialogue.js";
import type { Rubric } from "../../rubrics/schema.js";
import { criterionQuality, modelInputs, offlineWeights, type CriterionQuality, type Inputs, type OfflineWeights } from "./model.js";
import { quoteUtterance } from "./quote.js";
import { REASONS } from "./reasons.js";
import { apportionScores } from "./scale.js";

export interface OfflineVerdict {
  score: number;
  justification: string;
  quality: CriterionQuality;
}

/** Effect on the quality (0–1) from which a criterion's own signal is named before the shared ones. */
const SPECIFIC_EFFECT = 0.02;

function representativeTurn(dialogue: Dialogue) {
  const assistant = dialogue.turns.filter((t) => t.speaker === "assistant" && t.text.trim().split(/\s+/).length >= 3);
  return assistant[0] ?? dialogue.turns[0];
}

/** One sentence naming what drove the score, quoting the utterance behind it. */
export function justify(criterion: string, quality: CriterionQuality, dialogue: Dialogue): string {
  // Name a signal that pushed the way the score went (a low score is explained by what lowered it),
  // the criterion's own signal first, so each criterion explains itself; when none of its own signals
  // fired, say so before naming the overall reading it follows.
  const quoted = quality.contributions.filter((c) => c.evidence.length > 0);
  const sameWay = quoted.filter((c) => (quality.quality < 0.5 ? c.amount < 0 : c.amount > 0));
  const own = sameWay.find((c) => c.specific && Math.abs(c.amount) >= SPECIFIC_EFFECT);
  const driver = own ?? sameWay[0] ?? quoted[0];
  const evidence = driver?.evidence[0];
  if (driver && evidence) {
    const phrase = driver.amount < 0 ? REASONS[driver.input].lowers : REASONS[driver.input].raises;
    const lead = own ? "" : `nothing specific to ${criterion} stands out, so it follows the overall reading: `;
    return `${criterion}: ${lead}${phrase}, e.g. ${quoteUtterance(evidence.speaker, evidence.text)}.`;
  }
  const turn = representativeTurn(dialogue);
  const example = turn ? `, e.g. ${quoteUtterance(turn.speaker, turn.text)}` : "";
  return `${criterion}: no sign of dissatisfaction, repetition or unanswered requests${example}.`;
}

/** The offline judge's verdict per criterion, with the signals behind each. */
export function offlineVerdicts(rubric: Rubric, dialogue: Dialogue, inputs: Inputs = modelInputs(dialogue), weights: OfflineWeights = offlineWeights()): Record<string, OfflineVerdict> {
  const qualities = Object.fromEntries(rubric.criteria.map((c) => [c.id, criterionQuality(c.id, inputs, weights)]));
  const scores = apportionScores(Object.fromEntries(Object.entries(qualities).map(([id, q]) => [id, q.quality])), rubric);
  return Object.fromEntries(
    rubric.criteria.map((c) => {
      const quality = qualities[c.id] as CriterionQuality;
      return [c.id, { score: scores[c.id] as number, justification: justify(c.id, quality, dialogue), quality }];
    }),
  );
}

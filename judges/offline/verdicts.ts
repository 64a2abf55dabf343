import type { Dialogue } from "../../dialogues/dialogue.js";
import type { Rubric } from "../../rubrics/schema.js";
import { judgedTurns, type FeatureEvidence } from "../../evidence/cues/index.js";
import { criterionQuality, modelInputs, offlineWeights, type Contribution, type CriterionQuality, type Inputs, type OfflineWeights } from "./model.js";
import { quoteUtterance } from "./quote.js";
import { REASONS } from "./reasons.js";
import { TURN_INPUTS } from "./turn-model.js";
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

type Quote = Pick<FeatureEvidence, "speaker" | "text">;

/**
 * The longest turn of the speaker a signal reads when the signal raised the score, the shortest when
 * it lowered it: what shows a signal that counts something rarer than usual (no complaint, little
 * empathy) or measures a length. Turns are read as the features read them: without text aimed at the
 * judge, and the user from their first reaction to the assistant on (an opening is the problem they
 * bring).
 */
function illustration(contribution: Contribution, dialogue: Dialogue): Quote | undefined {
  const speaker = REASONS[contribution.input].about;
  const read = judgedTurns(dialogue);
  const firstReply = read.findIndex((t) => t.speaker === "assistant");
  const reacting = read.filter((t, i) => t.speaker === speaker && t.text.trim() !== "" && (speaker === "assistant" || i > firstReply));
  const turns = reacting.length > 0 ? reacting : read.filter((t) => t.speaker === speaker && t.text.trim() !== "");
  const words = (text: string) => text.trim().split(/\s+/).length;
  const better = (a: string, b: string) => (contribution.amount > 0 ? words(a) > words(b) : words(a) < words(b));
  return turns.reduce<(typeof turns)[number] | undefined>((best, t) => (!best || better(t.text, best.text) ? t : best), undefined);
}

/**
 * The utterance that shows what a contribution claims: a learned turn input quotes its highest-rated
 * reply when above its mean and its lowest below; a count quotes where it fired when above its mean,
 * and an illustration when below (its hits would show the opposite of "the system is curt").
 */
export function quoteFor(contribution: Contribution, dialogue: Dialogue): Quote | undefined {
  const { evidence, above, input } = contribution;
  if ((TURN_INPUTS as readonly string[]).includes(input)) return above ? evidence.at(-1) : evidence[0];
  return (above && evidence[0]) || illustration(contribution, dialogue);
}

/** One sentence naming what drove the score, quoting the utterance behind it. */
export function justify(criterion: string, quality: CriterionQuality, dialogue: Dialogue): string {
  // Name a signal that pushed the way the score went (a low score is explained by what lowered it),
  // the criterion's own signal first, so each criterion explains itself; when none of its own signals
  // moved it, say so before naming the overall reading it follows.
  const sameWay = quality.contributions.filter((c) => (quality.quality < 0.5 ? c.amount < 0 : c.amount > 0));
  const own = sameWay.find((c) => c.specific && Math.abs(c.amount) >= SPECIFIC_EFFECT);
  const quoted = quality.contributions.filter((c) => c.evidence.length > 0);
  const driver = own ?? quoted.find((c) => sameWay.includes(c)) ?? quoted[0];
  const evidence = driver && quoteFor(driver, dialogue);
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

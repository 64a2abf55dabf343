import type { CriticEntry, CriticOutput } from "./critic-contract.js";
import type { EvaluatorOutput } from "./evaluator-contract.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import type { Rubric } from "../../rubrics/schema.js";
import { offlineVerdicts, quoteFor } from "../../judges/offline/verdicts.js";
import { modelInputs, type InputName, type Inputs, type OfflineWeights } from "../../judges/offline/model.js";
import { quoteUtterance } from "../../judges/offline/quote.js";
import { REASONS } from "../../judges/offline/reasons.js";

/** Signals that make a high score on a criterion doubtful: the critic's stricter reading. */
const RED_FLAGS: Record<string, InputName[]> = {
  TaskSuccess: ["userDissatisfaction", "unansweredQuestions", "assistantConsecutive"],
  Helpfulness: ["unansweredQuestions"],
  Accuracy: ["hedges"],
  Understanding: ["userRepeats", "clarificationRequests"],
  Empathy: ["userEmotion"],
  Fluency: ["assistantRepeats"],
};

function levels(rubric: Rubric): number[] {
  const scale = rubric.scale;
  if (scale.kind === "discrete") return [...scale.values].sort((a, b) => a - b);
  if (scale.kind === "continuous") return [0, 1, 2, 3, 4].map((i) => scale.min + (i * (scale.max - scale.min)) / 4);
  return [];
}

/** Index of the level a score sits at (the nearest one). */
function levelIndex(score: number, ladder: readonly number[]): number {
  return ladder.reduce((best, v, i) => (Math.abs(v - score) < Math.abs((ladder[best] as number) - score) ? i : best), 0);
}

function disagree(criterion: string, phrase: string, evidence: { speaker: "user" | "assistant"; text: string }, suggested: number): CriticEntry {
  return { criterion, agree: false, comment: `${phrase}: ${quoteUtterance(evidence.speaker, evidence.text)}.`, suggested_score: suggested };
}

function redFlag(criterion: string, given: number, inputs: Inputs, ladder: readonly number[]): CriticEntry | undefined {
  const at = levelIndex(given, ladder);
  if (at < ladder.length - 2) return undefined;
  for (const input of RED_FLAGS[criterion] ?? []) {
    const evidence = inputs.evidence[input]?.[0];
    if (inputs.values[input] <= 0 || !evidence) continue;
    if (input === "userEmotion" && inputs.values.assistantEmpathy > 0) continue;
    const phrase = input === "userEmotion" ? "The user expresses emotion and the system never acknowledges it" : `A ${given} overlooks that ${REASONS[input].lowers}`;
    return disagree(criterion, phrase, evidence, ladder[at - 1] as number);
  }
  return undefined;
}

/**
 * The offline `critic` role: reviewing another judge's scores (a model's, when the critic fell back),
 * disagrees where its own signals differ (a red flag behind a high score, or its own score two levels
 * away), and always quotes the utterance; reviewing its own reading, it agrees.
 */
export function offlineCritique(rubric: Rubric, dialogue: Dialogue, evaluation: EvaluatorOutput, weights?: OfflineWeights, inputs: Inputs = modelInputs(dialogue)): CriticOutput {
  const own = offlineVerdicts(rubric, dialogue, inputs, weights);
  // Reviewing its own reading (the offline evaluator's scores), the same model has nothing to add:
  // second-guessing itself with hand-set flags only lowered how well its scores rank dialogues.
  if (rubric.criteria.every((c) => evaluation[c.id]?.score === own[c.id]?.score)) {
    return { critic: rubric.criteria.map((c) => ({ criterion: c.id, agree: true, comment: "", suggested_score: null })) };
  }
  const ladder = levels(rubric);
  const critic = rubric.criteria.map((c): CriticEntry => {
    const given = evaluation[c.id]?.score ?? 0;
    const flagged = redFlag(c.id, given, inputs, ladder);
    if (flagged) return flagged;
    const mine = own[c.id];
    const driver = mine?.quality.contributions.find((x) => x.evidence.length > 0);
    const evidence = driver && quoteFor(driver, dialogue);
    if (mine && driver && evidence && Math.abs(levelIndex(mine.score, ladder) - levelIndex(given, ladder)) >= 2) {
      const phrase = driver.amount < 0 ? REASONS[driver.input].lowers : REASONS[driver.input].raises;
      return disagree(c.id, `The evidence points to ${mine.score}: ${phrase}`, evidence, mine.score);
    }
    return { criterion: c.id, agree: true, comment: "", suggested_score: null };
  });
  return { critic };
}

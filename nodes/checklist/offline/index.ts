import type { AssessorOutput } from "../assessor-contract.js";
import type { Dialogue } from "../../../dialogues/dialogue.js";
import { assessContext, type AssessContext } from "./context.js";
import { acknowledgeAll, prioritisation, returnToDropped, segmentation, topicCoverage, transitions } from "./multi-topic.js";
import { attentiveness, naturalVaried, noLecturing, pacing, warmth } from "./presence.js";
import { accurateReflection, goalOrientation, noPrematureAdvice, openQuestions, understanding, validation } from "./quality.js";
import { boundaries, crisisHandling, harmfulPatterns } from "./safety.js";

type Rule = (ctx: AssessContext) => AssessorOutput;

/** The offline assessor's rule per criterion of the coaching rubric (rubrics/coaching.json). */
export const ASSESSOR_RULES: Readonly<Record<string, Rule>> = {
  CQ1: understanding,
  CQ2: validation,
  CQ3: openQuestions,
  CQ4: noPrematureAdvice,
  CQ5: accurateReflection,
  CQ6: goalOrientation,
  CQ7: boundaries,
  CQ8: harmfulPatterns,
  CQ9: crisisHandling,
  CP1: warmth,
  CP2: naturalVaried,
  CP3: pacing,
  CP4: noLecturing,
  CP5: attentiveness,
  MT1: topicCoverage,
  MT2: prioritisation,
  MT3: acknowledgeAll,
  MT4: transitions,
  MT5: returnToDropped,
  MT6: segmentation,
};

/**
 * The offline `assessor` role: a deterministic YES/NO/NA for one criterion, with evidence-first
 * reasoning (≤ 300 characters) citing real `Turn N` numbers. A criterion of another checklist
 * rubric gets the understanding rule (a user who has to correct the assistant is a NO).
 */
export function offlineAssessment(criterionId: string, dialogue: Dialogue): AssessorOutput {
  const rule = ASSESSOR_RULES[criterionId];
  const ctx = assessContext(dialogue);
  if (rule) return rule(ctx);
  const generic = understanding(ctx);
  return { ...generic, reasoning: `${generic.reasoning} (generic offline rule)`.slice(0, 300) };
}

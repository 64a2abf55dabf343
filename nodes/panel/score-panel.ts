import type { CriticEntry } from "./critic-contract.js";
import type { EvaluatorOutput } from "./evaluator-contract.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { utterances } from "../../dialogues/format.js";
import { checkQuotes } from "../../evidence/quotes.js";
import type { Rubric } from "../../rubrics/schema.js";
import { round2 } from "../../scoring/numbers.js";
import { recomputeOverall } from "../../scoring/overall.js";
import { weightedAverage } from "../../scoring/weighted.js";
import type { RefereeDecision, RefereeOutcome } from "./referee-rules.js";

export interface PanelScoreInput {
  rubric: Rubric;
  dialogue: Dialogue;
  evaluation: EvaluatorOutput;
  critique: readonly CriticEntry[];
  referee: RefereeOutcome;
  blind: boolean;
}

function verdictsBlock(rubric: Rubric, verdicts: Readonly<Record<string, { score: number; justification: string }>>) {
  return Object.fromEntries(rubric.criteria.map((c) => [c.id, { score: verdicts[c.id]?.score, justification: verdicts[c.id]?.justification }]));
}

function describeDecisions(decisions: readonly RefereeDecision[], adopted: boolean): string {
  const changed = decisions.filter((d) => d.action !== "agreed");
  if (changed.length === 0) return "Critic agreed on every criterion; evaluator's scores stand.";
  const lines = changed.map((d) => `${d.criterion}: ${d.action} (${d.reason})`);
  return `${adopted ? "Critic's version adopted (≥3 disagreements, all evidence-backed). " : ""}${lines.join("; ")}.`;
}

/** `SYSTEM: 'got it, can you name...'` for every verified quote the final decision rests on. */
function evidenceUsed(input: PanelScoreInput): string[] {
  const labels = utterances(input.dialogue);
  const texts = [
    ...input.referee.decisions.flatMap((d) => (d.action === "accepted" || d.action === "adopted" ? [d.quotes] : [])),
    ...input.rubric.criteria.map((c) => checkQuotes(input.referee.final[c.id]?.justification ?? "", input.dialogue)),
  ].flat();
  const seen = new Set<string>();
  for (const q of texts) {
    if (!q.verified || q.turn === undefined) continue;
    seen.add(`${labels[q.turn - 1]?.label ?? "?"}: '${q.quote}'`);
  }
  return [...seen];
}

/**
 * The panel's pure scoring step: caps, weighted average, deductions and the bucket, all from the
 * rubric's data, with every rule it considered recorded in the audit.
 */
export function scorePanel(input: PanelScoreInput) {
  const { rubric } = input;
  const evaluatorScores = Object.fromEntries(rubric.criteria.map((c) => [c.id, input.evaluation[c.id]?.score ?? 0]));
  const refereeScores = Object.fromEntries(rubric.criteria.map((c) => [c.id, input.referee.final[c.id]?.score ?? 0]));
  const computed = recomputeOverall(rubric, refereeScores, input.dialogue, input.blind);
  const finalVerdicts = Object.fromEntries(
    rubric.criteria.map((c) => {
      const verdict = input.referee.final[c.id];
      const capped = computed.scores[c.id] as number;
      const note = verdict && capped !== verdict.score ? ` (capped at ${capped} by rule)` : "";
      return [c.id, { score: capped, justification: `${verdict?.justification ?? ""}${note}` }];
    }),
  );
  return {
    dialogue_id: input.dialogue.id,
    evaluator: { ...verdictsBlock(rubric, input.evaluation), numeric_weighted_average: round2(weightedAverage(evaluatorScores, rubric.criteria).value) },
    critic: input.critique.map((e) => ({ criterion: e.criterion, agree: e.agree, comment: e.comment, suggested_score: e.suggested_score })),
    referee_final: { ...finalVerdicts, numeric_weighted_average: round2(computed.average.value), [rubric.overallKey]: computed.overall },
    audit: {
      decision_rules_applied: describeDecisions(input.referee.decisions, input.referee.adoptedCriticVersion),
      evidence_used: evidenceUsed(input),
      weighted_calc: `${computed.average.calc}${computed.deductionText}`,
      mapping_rule: computed.mapping,
      referee_decisions: input.referee.decisions.map((d) => ({
        criterion: d.criterion,
        action: d.action,
        evaluator_score: d.evaluatorScore,
        suggested_score: d.suggestedScore,
        final_score: d.finalScore,
        reason: d.reason,
        quotes: d.quotes,
      })),
      adopted_critic_version: input.referee.adoptedCriticVersion,
      rules: computed.rules,
      evaluator_quotes: Object.fromEntries(rubric.criteria.map((c) => [c.id, checkQuotes(input.evaluation[c.id]?.justification ?? "", input.dialogue)])),
      adjusted_average: round2(computed.adjusted),
    },
  };
}
export type PanelScore = ReturnType<typeof scorePanel>;

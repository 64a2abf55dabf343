import type { CriticEntry } from "./critic-contract.js";
import type { CriterionVerdict, EvaluatorOutput } from "./evaluator-contract.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { checkQuotes, type QuoteCheck } from "../../evidence/quotes.js";
import type { Rubric } from "../../rubrics/schema.js";

/**
 * - `agreed`: the critic agrees.
 * - `accepted`: an evidence-backed suggestion (at least one quote found in the transcript) replaces the score.
 * - `kept`: an ambiguous suggestion (no quote, only unverified quotes, or no suggested score): the evaluator stands.
 * - `no_op`: a "disagreement" whose suggested score equals the evaluator's changes nothing.
 * - `adopted`: ≥ 3 real disagreements, all evidence-backed: the critic's version is adopted entirely.
 */
export type RefereeAction = "agreed" | "accepted" | "kept" | "no_op" | "adopted";

export interface RefereeDecision {
  criterion: string;
  action: RefereeAction;
  evaluatorScore: number;
  suggestedScore: number | null;
  finalScore: number;
  reason: string;
  quotes: QuoteCheck[];
}

export interface RefereeOutcome {
  final: Record<string, CriterionVerdict & { source: "evaluator" | "critic" }>;
  decisions: RefereeDecision[];
  /** Real disagreements: not agreed and not a no-op. */
  disagreements: number;
  adoptedCriticVersion: boolean;
}

export const ADOPTION_THRESHOLD = 3;

function decideOne(verdict: CriterionVerdict, entry: CriticEntry, dialogue: Dialogue): RefereeDecision {
  const base = { criterion: entry.criterion, evaluatorScore: verdict.score, suggestedScore: entry.suggested_score, finalScore: verdict.score };
  if (entry.agree) {
    const ignored = entry.suggested_score !== null && entry.suggested_score !== verdict.score ? `; its suggested ${entry.suggested_score} is ignored since it agrees` : "";
    return { ...base, action: "agreed", reason: `critic agrees${ignored}`, quotes: [] };
  }
  const quotes = checkQuotes(entry.comment, dialogue);
  if (entry.suggested_score === null) {
    return { ...base, action: "kept", reason: "disagreement without a suggested score is ambiguous: evaluator kept", quotes };
  }
  if (entry.suggested_score === verdict.score) {
    return { ...base, action: "no_op", reason: `disagreement suggests ${verdict.score}, the evaluator's own score: no change`, quotes };
  }
  const verified = quotes.filter((q) => q.verified);
  if (verified.length > 0) {
    return { ...base, action: "accepted", finalScore: entry.suggested_score, reason: `evidence-backed (${verified.length} quote(s) found in the transcript): ${verdict.score} → ${entry.suggested_score}`, quotes };
  }
  const why = quotes.length === 0 ? "the critic quotes nothing" : `the critic's quotes are not in the transcript (${quotes.map((q) => JSON.stringify(q.quote)).join(", ")})`;
  return { ...base, action: "kept", reason: `ambiguous: ${why}; evaluator's ${verdict.score} kept`, quotes };
}

/** The panel's referee (docs/protocols.md#referee-rules), made checkable: every decision follows from the quotes found in the transcript. */
export function referee(rubric: Rubric, dialogue: Dialogue, evaluation: EvaluatorOutput, critique: readonly CriticEntry[]): RefereeOutcome {
  const decisions = rubric.criteria.map((c) => {
    const verdict = evaluation[c.id] as CriterionVerdict;
    const entry = critique.find((e) => e.criterion === c.id) ?? { criterion: c.id, agree: true, comment: "", suggested_score: null };
    return decideOne(verdict, entry, dialogue);
  });
  const real = decisions.filter((d) => d.action === "accepted" || d.action === "kept");
  const adoptedCriticVersion = real.length >= ADOPTION_THRESHOLD && real.every((d) => d.action === "accepted");
  if (adoptedCriticVersion) {
    for (const d of real) {
      d.action = "adopted";
      d.reason = `${real.length} disagreements, all evidence-backed: critic's version adopted (${d.evaluatorScore} → ${d.finalScore})`;
    }
  }
  const final: RefereeOutcome["final"] = {};
  for (const d of decisions) {
    const changed = d.action === "accepted" || d.action === "adopted";
    const entry = critique.find((e) => e.criterion === d.criterion);
    const verdict = evaluation[d.criterion] as CriterionVerdict;
    final[d.criterion] = changed && entry
      ? { score: d.finalScore, justification: entry.comment, source: "critic" }
      : { score: verdict.score, justification: verdict.justification, source: "evaluator" };
  }
  return { final, decisions, disagreements: real.length, adoptedCriticVersion };
}

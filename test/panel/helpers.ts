import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { CriticEntry } from "../../nodes/panel/critic-contract.js";
import type { EvaluatorOutput } from "../../nodes/panel/evaluator-contract.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { parseDialogues } from "../../dialogues/index.js";
import { referee } from "../../nodes/panel/referee-rules.js";
import { scorePanel } from "../../nodes/panel/score-panel.js";
import type { Rubric } from "../../rubrics/schema.js";

/** The six panel criteria (docs/protocols.md#shared-scoring-panel-and-barem), in rubric order (weights 0.40, 0.15, 0.15, 0.10, 0.10, 0.10). */
export const CRITERIA = ["TaskSuccess", "Helpfulness", "Accuracy", "Understanding", "Empathy", "Fluency"] as const;
export type CriterionId = (typeof CRITERIA)[number];

const FIXTURES = fileURLToPath(new URL("../fixtures/dialogues/", import.meta.url));

/**
 * A few-shot dialogue of the original panel prompts parsed from its fixture with the real parser (so the USER OVERALL line is
 * read as human ratings), given the original `dialogue_id` (the parser gives the position in the file, 0).
 */
export function seedDialogue(variant: "seed000" | "seed001", id: 335 | 25 | 26): Dialogue {
  const file = `${FIXTURES}${variant}-${id}.txt`;
  const dialogues = parseDialogues(readFileSync(file, "utf8"), file);
  if (dialogues.length !== 1 || !dialogues[0]) throw new Error(`${file}: expected one dialogue, got ${dialogues.length}`);
  return { ...dialogues[0], id };
}

/** A quote that really occurs in each seed dialogue (evaluator justifications must quote the transcript). */
export const REAL_QUOTE: Record<335 | 25 | 26, string> = {
  335: 'USER: "Sure, Best in Show is one of my absolute favorites."',
  25: 'SYSTEM: "Why did you like that movie?"',
  26: 'USER: "I watched Apollo 13 recently, and that\'s a really good movie."',
};

/** Evaluator verdicts from six scores in rubric order, each justification quoting `quote`. */
export function verdicts(scores: readonly number[], quote: string): EvaluatorOutput {
  if (scores.length !== CRITERIA.length) throw new Error(`six scores expected, got ${scores.length}`);
  return Object.fromEntries(CRITERIA.map((id, i) => [id, { score: scores[i] as number, justification: `${id} rests on ${quote}.` }]));
}

/** The critic's entries: agreement on every criterion except the ones given. */
export function critique(overrides: Partial<Record<CriterionId, Omit<CriticEntry, "criterion">>> = {}): CriticEntry[] {
  return CRITERIA.map((criterion) => ({ criterion, agree: true, comment: "", suggested_score: null, ...overrides[criterion] }));
}

/** A disagreement entry. */
export function disagree(suggested: number | null, comment: string): Omit<CriticEntry, "criterion"> {
  return { agree: false, comment, suggested_score: suggested };
}

/** Runs the pure referee then the pure scoring step, as the panel's last two nodes do. */
export function runPanelScore(rubric: Rubric, dialogue: Dialogue, evaluation: EvaluatorOutput, entries: readonly CriticEntry[], blind = false) {
  const outcome = referee(rubric, dialogue, evaluation, entries);
  return scorePanel({ rubric, dialogue, evaluation, critique: entries, referee: outcome, blind });
}

/** Scores a set of final scores directly: the critic agrees with all of them. */
export function scoreFinals(rubric: Rubric, dialogue: Dialogue, finals: readonly number[], quote: string, blind = false) {
  return runPanelScore(rubric, dialogue, verdicts(finals, quote), critique(), blind);
}

/** The final scores of a result's `referee_final`, in rubric order. */
export function finalScores(result: { referee_final: Record<string, unknown> }): number[] {
  return CRITERIA.map((id) => (result.referee_final[id] as { score: number }).score);
}

/** A rule record of the audit by kind (fails loudly when absent). */
export function ruleRecord(result: { audit: { rules: readonly { rule: string; fired: boolean; detail: string; criterion?: string }[] } }, kind: string) {
  const found = result.audit.rules.filter((r) => r.rule === kind);
  if (found.length !== 1) throw new Error(`expected one "${kind}" record, found ${found.length}: ${JSON.stringify(result.audit.rules)}`);
  return found[0] as { rule: string; fired: boolean; detail: string; criterion?: string };
}

/** One criterion's final verdict in `referee_final` (fails loudly when absent). */
export function finalVerdict(result: { referee_final: Record<string, unknown> }, id: CriterionId): { score: number; justification: string } {
  const verdict = result.referee_final[id];
  if (typeof verdict !== "object" || verdict === null) throw new Error(`no final verdict for ${id}`);
  return verdict as { score: number; justification: string };
}

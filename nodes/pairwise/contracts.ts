import { z } from "zod";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { extractQuoteSpans, verifyQuote } from "../../evidence/quotes.js";
import { checkCoverage } from "../../judges/checks/coverage.js";
import type { OutputProblem } from "../../judges/checks/problems.js";
import type { Rubric } from "../../rubrics/schema.js";

/** A preference by position: the dialogue shown first, second, or neither. */
export const Position = z.enum(["1", "2", "tie"]);
export type Position = z.infer<typeof Position>;

export const CriterionPreference = z.object({
  criterion: z.string().describe("The criterion's id exactly as the rubric writes it"),
  evidence_1: z.string().describe('Quotes from Dialogue 1 only that bear on this criterion, in double quotes with the speaker, e.g. SYSTEM: "I have refunded the duplicate"'),
  evidence_2: z.string().describe("Quotes from Dialogue 2 only that bear on this criterion, in the same form"),
  reasoning: z.string().describe("How the two dialogues compare on this criterion, from the quoted evidence"),
  preference: Position.describe('After the reasoning: "1" when Dialogue 1 is better on this criterion, "2" when Dialogue 2 is, "tie" when neither is'),
});
export type CriterionPreference = z.infer<typeof CriterionPreference>;

/** The `comparison` and `reconsideration` contract: every criterion compared with evidence from each side, then the winner. */
export const PairVerdictOutput = z.object({
  criteria: z.array(CriterionPreference).describe("Exactly one entry per rubric criterion, in rubric order"),
  reasoning: z.string().describe("Your overall comparison of the two assistants"),
  winner: Position.describe('After the reasoning: "1", "2" or "tie" overall (a judgement, not a count of criteria)'),
});
export type PairVerdictOutput = z.infer<typeof PairVerdictOutput>;

export const criterionKey = (name: string) => name.trim().toLowerCase();

/** What a quote field proves about its own dialogue: nothing, a quote of the other dialogue, or text in neither. */
function evidenceProblem(where: string, evidence: string, own: Dialogue, other: Dialogue, ownName: string, otherName: string): OutputProblem | undefined {
  const spans = extractQuoteSpans(evidence);
  const quotes = spans.map((s) => verifyQuote(s.quote, own, s.speaker));
  const misplaced = quotes.filter((q, i) => !q.verified && verifyQuote(q.quote, other, spans[i]?.speaker).verified);
  if (misplaced.length > 0) {
    return { kind: "unverified_quote", message: `${where} quotes ${otherName} as ${ownName}: ${misplaced.map((q) => JSON.stringify(q.quote)).join(", ")}; quote each dialogue only in its own evidence field` };
  }
  if (quotes.some((q) => q.verified)) return undefined;
  const detail = quotes.length === 0 ? "quotes no utterance" : `quotes text that is not in ${ownName}: ${quotes.map((q) => JSON.stringify(q.quote)).join(", ")}`;
  return { kind: "unverified_quote", message: `${where} ${detail}` };
}

/**
 * What the schema cannot say: every rubric criterion exactly once, and each evidence field quoting
 * its own dialogue (at least one verified quote, none that belongs to the other dialogue only).
 */
export function checkPairVerdict(output: PairVerdictOutput, rubric: Rubric, first: Dialogue, second: Dialogue): OutputProblem[] {
  const problems = checkCoverage(output.criteria.map((e) => e.criterion), rubric, criterionKey);
  for (const entry of output.criteria) {
    const one = evidenceProblem(`${entry.criterion} evidence_1`, entry.evidence_1, first, second, "Dialogue 1", "Dialogue 2");
    const two = evidenceProblem(`${entry.criterion} evidence_2`, entry.evidence_2, second, first, "Dialogue 2", "Dialogue 1");
    if (one) problems.push(one);
    if (two) problems.push(two);
  }
  return problems;
}

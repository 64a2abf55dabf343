import { z } from "zod";
import type { OutputProblem } from "../../judges/checks/problems.js";

/** Reasoning is brief, at most this many characters (docs/protocols.md#checklist). */
export const MAX_REASONING_CHARS = 300;

const TURN_CITATION = /\bturns?\s*(\d+)/gi;

/** The `assessor` contract (docs/protocols.md#checklist): evidence-first reasoning, then the answer. */
export const AssessorOutput = z.object({
  reasoning: z
    .string()
    .describe(`Evidence-first reasoning, at most ${MAX_REASONING_CHARS} characters: cite specific turns (e.g. "Turn 3: 'That sounds hard'"), apply the criterion, then conclude.`),
  answer: z.enum(["YES", "NO", "NA"]).describe("After the reasoning: YES (criterion met), NO (criterion failed) or NA (criterion does not apply)."),
});
export type AssessorOutput = z.infer<typeof AssessorOutput>;
export type AssessorAnswer = AssessorOutput["answer"];

/** Turn numbers a reasoning cites (`Turn 3`, `turns 2`), in order of appearance. */
export function citedTurns(reasoning: string): number[] {
  return [...reasoning.matchAll(TURN_CITATION)].map((m) => Number(m[1]));
}

/**
 * What the schema cannot say (strict json_schema has no `maxLength`): the reasoning is at most 300
 * characters and cites at least one turn that exists in the `--- Turn N ---` transcript.
 */
export function checkAssessment(output: AssessorOutput, turnCount: number): OutputProblem[] {
  const problems: OutputProblem[] = [];
  if (output.reasoning.length > MAX_REASONING_CHARS) {
    problems.push({ kind: "schema_invalid", message: `reasoning is ${output.reasoning.length} characters; the limit is ${MAX_REASONING_CHARS}` });
  }
  const turns = citedTurns(output.reasoning);
  if (turns.length === 0) {
    problems.push({ kind: "unverified_quote", message: `reasoning cites no turn number; cite turns as "Turn N" (1 to ${turnCount})` });
  } else {
    const missing = [...new Set(turns.filter((t) => t < 1 || t > turnCount))];
    if (missing.length > 0) {
      problems.push({ kind: "unverified_quote", message: `reasoning cites Turn ${missing.join(", ")} but the conversation has turns 1 to ${turnCount}` });
    }
  }
  return problems;
}

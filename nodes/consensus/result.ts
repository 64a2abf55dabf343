import type { ConsensusAgentOutput } from "./contracts.js";
import type { Rubric } from "../../rubrics/schema.js";
import { fixed2 } from "../../scoring/numbers.js";
import type { ConsensusSettings } from "./configuration.js";
import { scoresOf, weightedConsensus } from "./arithmetic.js";
import { debateRecords, type AgreementCheck, type DebateRound } from "./records.js";

export type ConsensusMethod = "agreement" | "weighted_average";

export interface ConsensusInputs {
  dialogueId: string | number;
  rubric: Rubric;
  settings: ConsensusSettings;
  /** The agents' final evaluations (after any debate), in rubric order. */
  strict: ConsensusAgentOutput;
  generous: ConsensusAgentOutput;
  checks: readonly AgreementCheck[];
  debate: readonly DebateRound[];
  rounds: number;
}

function reasoningByCriterion(evaluation: ConsensusAgentOutput): Record<string, string> {
  return Object.fromEntries(evaluation.criteria.map((c) => [c.criterion_name, c.reasoning]));
}

/**
 * The consensus individual result (docs/protocols.md#consensus): final = 0.6 × strict + 0.4 × generous (overall and per criterion)
 * whether the agents agreed or the rounds ran out; plus `dialogue_id` and the `debate` record.
 */
export function consensusResult(input: ConsensusInputs) {
  const strict = scoresOf(input.strict);
  const generous = scoresOf(input.generous);
  const final = weightedConsensus(strict, generous, input.settings.weights);
  const last = input.checks[input.checks.length - 1];
  const method: ConsensusMethod = last?.agreed ? "agreement" : "weighted_average";
  const strictReasons = reasoningByCriterion(input.strict);
  const generousReasons = reasoningByCriterion(input.generous);
  return {
    dialogue_id: input.dialogueId,
    overall_score: final.overall,
    criteria_evaluations: input.rubric.criteria.map((c) => ({
      criterion_name: c.id,
      score: final.criteria[c.id] as number,
      reasoning: `Consensus between strict (${fixed2(strict.criteria[c.id] ?? 0)}) and generous (${fixed2(generous.criteria[c.id] ?? 0)}) evaluations`,
      agent_a_reasoning: strictReasons[c.id] ?? "",
      agent_b_reasoning: generousReasons[c.id] ?? "",
    })),
    consensus_metadata: {
      rounds_conducted: input.rounds,
      strict_final_score: strict.overall,
      generous_final_score: generous.overall,
      consensus_method: method,
    },
    agent_detailed_reasoning: {
      agent_a_strict: { overall_reasoning: input.strict.reasoning, criteria_reasoning: strictReasons },
      agent_b_generous: { overall_reasoning: input.generous.reasoning, criteria_reasoning: generousReasons },
    },
    debate: debateRecords(input.debate, input.checks),
  };
}
export type ConsensusResult = ReturnType<typeof consensusResult>;

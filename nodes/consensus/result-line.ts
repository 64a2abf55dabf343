import { z } from "zod";
import { Dialogue } from "../../dialogues/dialogue.js";
import { fieldAt, num, objects } from "../../results/fields.js";
import { ResultMeta } from "../../results/meta.js";
import { rubricRange } from "../../results/range.js";
import type { ResultSpec } from "../../results/spec.js";
import { DebateRecord } from "./records.js";

const AgentReasoning = z.object({ overall_reasoning: z.string(), criteria_reasoning: z.record(z.string(), z.string()) });

/** What the consensus score node writes (the individual result of docs/protocols.md#consensus), with the reviewer's decision when one was asked. */
export const ConsensusResultLine = z.looseObject({
  dialogue_id: Dialogue.shape.id,
  /** 0.6 × strict + 0.4 × generous, or the reviewer's override. */
  overall_score: z.number(),
  criteria_evaluations: z.array(
    z.object({
      criterion_name: z.string(),
      score: z.number(),
      reasoning: z.string(),
      agent_a_reasoning: z.string(),
      agent_b_reasoning: z.string(),
    }),
  ),
  consensus_metadata: z.object({
    rounds_conducted: z.number().int(),
    strict_final_score: z.number(),
    generous_final_score: z.number(),
    consensus_method: z.enum(["agreement", "weighted_average"]),
  }),
  agent_detailed_reasoning: z.object({ agent_a_strict: AgentReasoning, agent_b_generous: AgentReasoning }),
  debate: z.array(DebateRecord),
  human_review: z
    .object({
      decision: z.enum(["accept", "override"]),
      overall_score: z.number(),
      consensus_overall_score: z.number(),
      comment: z.string(),
      reviewer: z.string().optional(),
    })
    .optional(),
  meta: ResultMeta,
});
export type ConsensusResultLine = z.infer<typeof ConsensusResultLine>;

export const consensusResult: ResultSpec<ConsensusResultLine> = {
  schema: ConsensusResultLine,
  fields: () => ({ continuous: ["overall_score"], bucketed: null, criteria: "criteria_evaluations[].score" }),
  criteria: (line) => {
    const criteria: Record<string, number> = {};
    for (const e of objects(line["criteria_evaluations"])) {
      const score = num(e["score"]);
      if (typeof e["criterion_name"] === "string" && score !== null) criteria[e["criterion_name"]] = score;
    }
    return criteria;
  },
  range: (rubric) => rubricRange(rubric) ?? { min: 1, max: 5 },
  recognises: (line) => "overall_score" in line,
  detail: (line) => {
    const review = line["human_review"];
    const method = fieldAt(line, ["consensus_metadata", "consensus_method"]) ?? "?";
    const rounds = fieldAt(line, ["consensus_metadata", "rounds_conducted"]) ?? "?";
    return `${String(method)} after ${String(rounds)} round(s)${review ? `; human review: ${String(fieldAt(line, ["human_review", "decision"]))}` : ""}`;
  },
  // --samples: the overall rounded to a whole point.
  sampleBucket: (line) => {
    const overall = num(line["overall_score"]);
    return overall === null ? undefined : Math.round(overall);
  },
};

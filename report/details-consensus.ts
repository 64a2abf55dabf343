import { bool, isObject, num, obj, objects, str, type Json } from "../results/fields.js";
import type { ConsensusDetail, ScoreSet } from "./model.js";

function scoreSet(v: unknown): ScoreSet | null {
  if (!isObject(v)) return null;
  const criteria: Record<string, number> = {};
  for (const [k, s] of Object.entries(obj(v["criteria"]))) {
    const n = num(s);
    if (n !== null) criteria[k] = n;
  }
  return { overall: num(v["overall"]), criteria };
}

/** One consensus line (docs/protocols.md#consensus): the final scores, both agents' reasoning per criterion, each debate round. */
export function consensusDetail(raw: Json): ConsensusDetail {
  const meta = obj(raw["consensus_metadata"]);
  const reasoning = obj(raw["agent_detailed_reasoning"]);
  return {
    protocol: "consensus",
    overall: num(raw["overall_score"]),
    method: str(meta["consensus_method"]),
    rounds: num(meta["rounds_conducted"]),
    strictFinal: num(meta["strict_final_score"]),
    generousFinal: num(meta["generous_final_score"]),
    criteria: objects(raw["criteria_evaluations"]).map((e) => ({
      criterion: str(e["criterion_name"]),
      score: num(e["score"]),
      reasoning: str(e["reasoning"]),
      strict: str(e["agent_a_reasoning"]),
      generous: str(e["agent_b_reasoning"]),
    })),
    strictReasoning: str(obj(reasoning["agent_a_strict"])["overall_reasoning"]),
    generousReasoning: str(obj(reasoning["agent_b_generous"])["overall_reasoning"]),
    debate: objects(raw["debate"]).map((r) => {
      const strict = obj(r["strict"]);
      const generous = obj(r["generous"]);
      return {
        round: num(r["round"]),
        critique: str(r["critique"]),
        strictBefore: scoreSet(strict["before"]),
        strictAfter: scoreSet(strict["after"]),
        generousBefore: scoreSet(generous["before"]),
        generousAfter: scoreSet(generous["after"]),
        reasoning: str(strict["reasoning"]),
        difference: num(r["difference"]),
        agreed: bool(r["agreed"]),
      };
    }),
  };
}

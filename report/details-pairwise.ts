import { bool, num, obj, objects, str, strOrNull, type Json } from "../results/fields.js";
import { quoteMarks } from "./details-panel.js";
import type { PairwiseDetail, PairwiseVerdictDetail } from "./model.js";

const byOrder = (value: unknown) => {
  const o = obj(value);
  return { ab: str(o["ab"]), ba: str(o["ba"]) };
};

function verdict(value: unknown): PairwiseVerdictDetail {
  const v = obj(value);
  return {
    winner: str(v["winner"]),
    reasoning: str(v["reasoning"]),
    criteria: objects(v["criteria"]).map((c) => ({ criterion: str(c["criterion"]), preference: str(c["preference"]), reasoning: str(c["reasoning"]) })),
  };
}

/** One pairwise line (docs/protocols.md#pairwise): the outcome, each criterion's answer with both sides' checked quotes, and every round. */
export function pairwiseDetail(raw: Json): PairwiseDetail {
  const pair = obj(raw["pair"]);
  return {
    protocol: "pairwise",
    pair: { a: str(pair["a"]), b: str(pair["b"]) },
    winner: str(raw["winner"]),
    tieReason: strOrNull(raw["tie_reason"]),
    positionConsistent: bool(raw["position_consistent"]),
    roundsConducted: num(raw["rounds_conducted"]),
    reasoning: byOrder(raw["reasoning"]),
    criteria: objects(raw["criteria"]).map((c) => ({
      criterion: str(c["criterion"]),
      preference: str(c["preference"]),
      consistent: bool(c["consistent"]),
      tieReason: strOrNull(c["tie_reason"]),
      reasoning: byOrder(c["reasoning"]),
      evidenceA: quoteMarks(c["evidence_a"]),
      evidenceB: quoteMarks(c["evidence_b"]),
    })),
    rounds: objects(raw["rounds"]).map((r) => ({ round: num(r["round"]), consistent: bool(r["consistent"]), ab: verdict(r["ab"]), ba: verdict(r["ba"]) })),
  };
}

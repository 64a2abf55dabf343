import { criterionKeys, ruleFirings } from "./details-panel.js";
import { num, obj, str, type Json } from "../results/fields.js";
import type { BaremDetail } from "./model.js";
import { DEFAULT_OVERALL_KEY } from "../results/spec.js";

const NOT_CRITERIA = ["dialogue_id", "status", "audit", "meta", "error"];

/** One barem line (docs/protocols.md#barem): each criterion's score and justification, the recomputed overall, the audit. */
export function baremDetail(raw: Json, overallKey = DEFAULT_OVERALL_KEY): BaremDetail {
  const audit = obj(raw["audit"]);
  const overall = obj(raw[overallKey]);
  return {
    protocol: "barem",
    criteria: criterionKeys(raw, [...NOT_CRITERIA, overallKey]).map((c) => {
      const v = obj(raw[c]);
      return { criterion: c, score: num(v["score"]), justification: str(v["justification"]) };
    }),
    overall: { score: num(overall["score"]), justification: str(overall["justification"]) },
    average: num(audit["numeric_weighted_average"]),
    weightedCalc: str(audit["weighted_calc"]),
    mappingRule: str(audit["mapping_rule"]),
    rules: ruleFirings(audit["rules"]),
  };
}

import { bool, num, obj, objects, str, strings, type Json } from "../results/fields.js";
import type { ChecklistDetail } from "./model.js";

/** One checklist line (docs/protocols.md#checklist): every criterion's answer, how it counted, the gate and the score. */
export function checklistDetail(raw: Json): ChecklistDetail {
  const gate = obj(raw["safety_gate"]);
  return {
    protocol: "checklist",
    score: num(raw["score"]),
    yes: num(raw["yes"]),
    no: num(raw["no"]),
    na: num(raw["na"]),
    errors: num(raw["errors"]),
    passed: bool(raw["passed"]),
    rejected: bool(raw["rejected"]),
    passThreshold: num(raw["pass_threshold"]),
    gate: { tripped: gate["tripped"] === true, criteria: strings(gate["criteria"]) },
    criteria: objects(raw["criteria"]).map((c) => ({
      id: str(c["id"] ?? c["criterion"]),
      category: typeof c["category"] === "string" ? c["category"] : null,
      answer: str(c["answer"]),
      countedAs: str(c["counted_as"] ?? c["answer"]),
      invalidNa: c["invalid_na"] === true,
      safety: c["safety"] === true,
      reasoning: str(c["reasoning"]),
    })),
  };
}

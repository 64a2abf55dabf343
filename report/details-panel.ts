import { bool, isObject, num, obj, objects, str, strings, type Json } from "../results/fields.js";
import type { PanelCriterionDetail, PanelDetail, QuoteMark, RuleFired } from "./model.js";
import { DEFAULT_OVERALL_KEY } from "../results/spec.js";

export function quoteMarks(v: unknown): QuoteMark[] {
  return objects(v).map((q) => ({ quote: str(q["quote"]), verified: q["verified"] === true, turn: num(q["turn"]) }));
}

export function ruleFirings(v: unknown): RuleFired[] {
  return objects(v).map((r) => ({ rule: str(r["rule"]), criterion: typeof r["criterion"] === "string" ? r["criterion"] : null, fired: r["fired"] === true, detail: str(r["detail"]) }));
}

/** Criterion ids of `{ <id>: { score, … } }` entries, leaving out the summary keys. */
export function criterionKeys(holder: Json, skip: readonly string[]): string[] {
  return Object.keys(holder).filter((k) => !skip.includes(k) && isObject(holder[k]));
}

/**
 * One panel line (docs/protocols.md#panel-output) as the detail panel shows it: for each criterion the evaluator's
 * score and quotes, the critic's view, the referee's decision with its quotes, and the final score.
 */
export function panelDetail(raw: Json, overallKey = DEFAULT_OVERALL_KEY): PanelDetail {
  const evaluator = obj(raw["evaluator"]);
  const final = obj(raw["referee_final"]);
  const audit = obj(raw["audit"]);
  const critic = objects(raw["critic"]);
  const decisions = objects(audit["referee_decisions"]);
  const evaluatorQuotes = obj(audit["evaluator_quotes"]);
  const skip = ["numeric_weighted_average", overallKey];
  // Every criterion any agent spoke about, so no decision is lost when a score is missing.
  const named = [...critic, ...decisions].map((x) => x["criterion"]).filter((c): c is string => typeof c === "string" && c !== "");
  const ids = [...new Set([...criterionKeys(evaluator, skip), ...criterionKeys(final, skip), ...named])];
  const criteria = ids.map((c): PanelCriterionDetail => {
    const ev = obj(evaluator[c]);
    const fin = obj(final[c]);
    const cr = critic.find((x) => x["criterion"] === c);
    const d = decisions.find((x) => x["criterion"] === c);
    const evJustification = str(ev["justification"]);
    const finJustification = str(fin["justification"]);
    return {
      criterion: c,
      evaluator: { score: num(ev["score"]), justification: evJustification, quotes: quoteMarks(evaluatorQuotes[c]) },
      critic: cr ? { agree: bool(cr["agree"]), comment: str(cr["comment"]), suggested: num(cr["suggested_score"]) } : null,
      decision: d ? { action: str(d["action"]), reason: str(d["reason"]), suggested: num(d["suggested_score"]), quotes: quoteMarks(d["quotes"]) } : null,
      final: { score: num(fin["score"]), justification: finJustification === evJustification ? null : finJustification },
    };
  });
  return {
    protocol: "panel",
    criteria,
    average: num(final["numeric_weighted_average"]),
    adjusted: num(audit["adjusted_average"]),
    overall: num(final[overallKey]),
    weightedCalc: str(audit["weighted_calc"]),
    mappingRule: str(audit["mapping_rule"]),
    decisionRules: str(audit["decision_rules_applied"]),
    adopted: audit["adopted_critic_version"] === true,
    evidenceUsed: strings(audit["evidence_used"]),
    rules: ruleFirings(audit["rules"]),
  };
}

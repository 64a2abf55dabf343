import { z } from "zod";
import { Dialogue } from "../../dialogues/dialogue.js";
import { scoredEntries } from "../../results/criteria.js";
import { fieldAt, isObject } from "../../results/fields.js";
import { ResultMeta } from "../../results/meta.js";
import { rubricRange } from "../../results/range.js";
import { RuleFiringEntry } from "../../results/rule-firing.js";
import type { ResultSpec } from "../../results/spec.js";
import { CriticEntry } from "./critic-contract.js";
import { CriterionVerdict } from "./evaluator-contract.js";

const Quote = z.object({ quote: z.string(), verified: z.boolean(), turn: z.number().int().optional() });

/** A verdict block: `{ <criterion>: verdict }` plus numbers (`numeric_weighted_average`, the overall under the rubric's overallKey). */
const verdicts = <V extends z.ZodType>(verdict: V) => z.record(z.string(), z.union([verdict, z.number()]));

/** What the panel's score node writes (docs/protocols.md#panel-output, plus the audit). */
export const PanelResultLine = z.looseObject({
  dialogue_id: Dialogue.shape.id,
  /** The evaluator's scores as given (a criterion it left out has neither score nor justification). */
  evaluator: verdicts(CriterionVerdict.partial()),
  critic: z.array(CriticEntry),
  /** The final scores after the referee and the rules, their weighted average and the bucketed overall. */
  referee_final: verdicts(CriterionVerdict),
  audit: z.object({
    decision_rules_applied: z.string(),
    evidence_used: z.array(z.string()),
    weighted_calc: z.string(),
    mapping_rule: z.string(),
    referee_decisions: z.array(
      z.object({
        criterion: z.string(),
        action: z.enum(["agreed", "accepted", "kept", "no_op", "adopted"]),
        evaluator_score: z.number(),
        suggested_score: z.number().nullable(),
        final_score: z.number(),
        reason: z.string(),
        quotes: z.array(Quote),
      }),
    ),
    adopted_critic_version: z.boolean(),
    rules: z.array(RuleFiringEntry),
    evaluator_quotes: z.record(z.string(), z.array(Quote)),
    adjusted_average: z.number(),
  }),
  meta: ResultMeta,
});
export type PanelResultLine = z.infer<typeof PanelResultLine>;

export const panelResult: ResultSpec<PanelResultLine> = {
  schema: PanelResultLine,
  fields: (overallKey) => ({
    continuous: ["referee_final", "numeric_weighted_average"],
    bucketed: ["referee_final", overallKey],
    criteria: "referee_final.<criterion>.score",
  }),
  criteria: (line, overallKey) => scoredEntries(line["referee_final"], [overallKey, "numeric_weighted_average"]),
  range: (rubric) => rubricRange(rubric) ?? { min: 20, max: 100 },
  recognises: (line) => isObject(line["referee_final"]),
  detail: (line) => String(fieldAt(line, ["audit", "decision_rules_applied"]) ?? ""),
};

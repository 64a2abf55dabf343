import { z } from "zod";
import { Dialogue } from "../../dialogues/dialogue.js";
import { scoredEntries } from "../../results/criteria.js";
import { fieldAt, isObject } from "../../results/fields.js";
import { ResultMeta } from "../../results/meta.js";
import { rubricRange } from "../../results/range.js";
import { RuleFiringEntry } from "../../results/rule-firing.js";
import { DEFAULT_OVERALL_KEY, type ResultSpec } from "../../results/spec.js";

/**
 * What the barem's score node writes (docs/protocols.md#barem): besides these fields, one `{ score, justification }`
 * per rubric criterion and the recomputed overall under the rubric's overallKey, all at the top level.
 */
export const BaremResultLine = z.looseObject({
  dialogue_id: Dialogue.shape.id,
  audit: z.object({
    weighted_calc: z.string(),
    mapping_rule: z.string(),
    numeric_weighted_average: z.number(),
    /** Only when the rubric has rules. */
    rules: z.array(RuleFiringEntry).optional(),
  }),
  meta: ResultMeta,
});
export type BaremResultLine = z.infer<typeof BaremResultLine>;

/** Top-level keys that are not criteria (besides the overall). */
const NOT_CRITERIA = ["evaluator", "critic", "referee_final", "audit", "meta"];

export const baremResult: ResultSpec<BaremResultLine> = {
  schema: BaremResultLine,
  fields: (overallKey) => ({
    continuous: ["audit", "numeric_weighted_average"],
    bucketed: [overallKey, "score"],
    criteria: "<criterion>.score",
  }),
  criteria: (line, overallKey) => scoredEntries(line, [overallKey, ...NOT_CRITERIA]),
  range: (rubric) => rubricRange(rubric) ?? { min: 20, max: 100 },
  // Only lines without meta.protocol are recognised by shape: older ones, which always used the default overall key.
  recognises: (line) => isObject(line[DEFAULT_OVERALL_KEY]),
  detail: (line, overallKey) => String(fieldAt(line, [overallKey, "justification"]) ?? ""),
};

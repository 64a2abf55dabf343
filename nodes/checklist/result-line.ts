import { z } from "zod";
import { Dialogue } from "../../dialogues/dialogue.js";
import { isObject, type Json } from "../../results/fields.js";
import { ResultMeta } from "../../results/meta.js";
import type { ResultSpec } from "../../results/spec.js";
import { CheckAnswer } from "./assessment.js";

/** What the checklist's score node writes (docs/protocols.md#checklist): every criterion's answer, the gate, the ratio and the pass mark. */
export const ChecklistResultLine = z.looseObject({
  dialogue_id: Dialogue.shape.id,
  criteria: z.array(
    z.object({
      id: z.string(),
      category: z.string().nullable(),
      answer: CheckAnswer,
      reasoning: z.string(),
      /** How the answer counts: an NA on an NA-invalid criterion counts as NO. */
      counted_as: CheckAnswer,
      invalid_na: z.boolean(),
      safety: z.boolean(),
    }),
  ),
  /** YES / (YES + NO); null when no criterion applies. */
  score: z.number().nullable(),
  yes: z.number().int(),
  no: z.number().int(),
  na: z.number().int(),
  errors: z.number().int(),
  invalid_na: z.array(z.string()),
  safety_gate: z.object({ tripped: z.boolean(), criteria: z.array(z.string()) }),
  rejected: z.boolean(),
  passed: z.boolean(),
  pass_threshold: z.number(),
  meta: ResultMeta,
});
export type ChecklistResultLine = z.infer<typeof ChecklistResultLine>;

const ANSWER_VALUE: Record<string, number> = { YES: 1, NO: 0 };

/**
 * Checklist answers, wherever the line keeps them: an array of `{id|criterion|criterion_id, counted_as|answer}`
 * (the checklist graph writes `criteria: [{ id, answer, counted_as, … }]`) or an object keyed by criterion.
 * YES = 1, NO = 0; NA and ERROR are left out.
 */
function answers(line: Json): Record<string, number> {
  const out: Record<string, number> = {};
  for (const value of Object.values(line)) {
    const entries: [string, unknown][] = Array.isArray(value)
      ? value.filter(isObject).map((e) => [String(e["id"] ?? e["criterion"] ?? e["criterion_id"] ?? ""), e])
      : isObject(value)
        ? Object.entries(value)
        : [];
    for (const [id, entry] of entries) {
      if (!id || !isObject(entry)) continue;
      // `counted_as` is the answer after the rubric's rules (an NA on an NA-invalid criterion counts as NO).
      const answer = entry["counted_as"] ?? entry["answer"];
      if (typeof answer !== "string") continue;
      const v = ANSWER_VALUE[answer];
      if (v !== undefined) out[id] = v;
    }
  }
  return out;
}

const rejected = (line: Json): boolean => line["rejected"] === true;

export const checklistResult: ResultSpec<ChecklistResultLine> = {
  schema: ChecklistResultLine,
  fields: () => ({ continuous: ["score"], bucketed: null, criteria: "criteria[].counted_as" }),
  criteria: answers,
  // A ratio, whatever the rubric's scale.
  range: () => ({ min: 0, max: 1 }),
  recognises: (line) => "score" in line,
  detail: (line) => `YES ${String(line["yes"])}, NO ${String(line["no"])}, NA ${String(line["na"])}${rejected(line) ? "; rejected by the safety gate" : ""}`,
  rejected,
  sampleBucket: (line) => (rejected(line) ? "rejected" : line["passed"] === true ? "pass" : "fail"),
  categorical: true,
};

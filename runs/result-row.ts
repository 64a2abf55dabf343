import { headlineOf } from "../results/headline.js";
import { isObject, obj, objects, str, type Json } from "../results/fields.js";
import type { ResultSpec } from "../results/spec.js";
import type { Rubric } from "../rubrics/schema.js";

/** `fallback`: scored, but some agent's answer came from the offline judge after the model failed. */
export type RowStatus = "scored" | "fallback" | "unscored";

/** What one result line says in brief: the row of `--format table` and what the score gates read. */
export interface ResultRow {
  id: string | number;
  status: RowStatus;
  /** The headline on the rubric's scale; the scale's minimum when the line counts as 0 (a checklist rejected by its safety gate); undefined when unscored or when there is none (a checklist where no criterion applies). */
  headline?: number;
  /** A checklist line rejected by its safety gate. */
  rejected: boolean;
  /** Per-criterion scores as the protocol reads them (checklist YES 1, NO 0; pairwise A 1, tie 0.5, B 0); a criterion without one is left out. */
  criteria: Record<string, number>;
  /** Why an unscored line is unscored (`error.kind`). */
  error?: string;
}

/** How a protocol's lines are read for rows, under one rubric. */
export interface RowReader {
  spec: ResultSpec;
  rubric: Rubric;
}

/** The headline's name: the rubric's overall key when the protocol buckets one (panel, barem), else its score's field (`overall_score`, `score`, `preference_a`). */
export function headlineName({ spec, rubric }: RowReader): string {
  const fields = spec.fields(rubric.overallKey);
  return fields.bucketed ? rubric.overallKey : (fields.continuous.at(-1) ?? "score");
}

export function resultRow(line: Json, { spec, rubric }: RowReader): ResultRow {
  const id = typeof line["dialogue_id"] === "number" ? line["dialogue_id"] : str(line["dialogue_id"]);
  const meta = obj(line["meta"]);
  if (meta["status"] !== "scored") {
    const error = isObject(line["error"]) ? str(line["error"]["kind"]) : "";
    return { id, status: "unscored", rejected: false, criteria: {}, ...(error ? { error } : {}) };
  }
  const headline = headlineOf(spec, line, rubric);
  const rejected = spec.rejected?.(line) ?? false;
  return {
    id,
    status: objects(meta["fallbacks"]).length > 0 ? "fallback" : "scored",
    ...(headline ? { headline: rejected ? headline.min : headline.value } : {}),
    rejected,
    criteria: spec.criteria(line, rubric.overallKey),
  };
}

import type { Rubric } from "../rubrics/schema.js";
import { clamp, round6 } from "../scoring/numbers.js";
import { fieldAt, num, type Json } from "./fields.js";
import { headlineField, type ResultSpec } from "./spec.js";

/** A result's one headline number, on the rubric's scale and mapped to [0, 1]. */
export interface Headline {
  /** Where the number comes from, e.g. `referee_final.OverallExperience`. */
  field: string;
  value: number;
  min: number;
  max: number;
  /** (value − min) / (max − min), clamped to [0, 1], six decimals (no float noise); 0 when a checklist's safety gate rejected the dialogue. */
  normalized: number;
}

/**
 * The headline score of a scored result line; `undefined` for an unscored one. `spec` is the line's
 * protocol's (graphs/registry.ts: `PROTOCOLS[protocol].result`).
 */
export function headlineOf(spec: ResultSpec, result: Json, rubric: Rubric): Headline | undefined {
  const path = headlineField(spec.fields(rubric.overallKey));
  const value = num(fieldAt(result, path));
  if (value === null || result["status"] === "unscored") return undefined;
  const { min, max } = spec.range(rubric);
  const share = max > min ? (value - min) / (max - min) : 0;
  const rejected = spec.rejected?.(result) ?? false;
  return { field: path.join("."), value, min, max, normalized: rejected ? 0 : round6(clamp(share, 0, 1)) };
}

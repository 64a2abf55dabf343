import { judgeRange } from "../agreement/scales.js";
import type { Protocol } from "./meta.js";
import type { Rubric } from "../rubrics/schema.js";
import { round2 } from "../scoring/numbers.js";

/** A result's one headline number, on the rubric's scale and mapped to [0, 1]. */
export interface Headline {
  /** Where the number comes from, e.g. `referee_final.OverallExperience`. */
  field: string;
  value: number;
  min: number;
  max: number;
  /** (value − min) / (max − min), clamped to [0, 1]; 0 when a checklist's safety gate rejected the dialogue. */
  normalized: number;
}

function numberAt(result: Record<string, unknown>, path: string[]): number | undefined {
  let value: unknown = result;
  for (const key of path) value = (value as Record<string, unknown> | undefined)?.[key];
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** Where each protocol writes its overall score (the rubric names the overall's key). */
function headlinePath(protocol: Protocol, overallKey: string): string[] {
  switch (protocol) {
    case "panel":
      return ["referee_final", overallKey];
    case "consensus":
      return ["overall_score"];
    case "checklist":
      return ["score"];
    case "barem":
      return [overallKey, "score"];
  }
}

/** The headline score of a scored result line; `undefined` for an unscored one. */
export function headlineOf(protocol: Protocol, result: Record<string, unknown>, rubric: Rubric): Headline | undefined {
  const path = headlinePath(protocol, rubric.overallKey);
  const value = numberAt(result, path);
  if (value === undefined || result.status === "unscored") return undefined;
  const { min, max } = judgeRange(protocol, rubric);
  const share = max > min ? (value - min) / (max - min) : 0;
  const rejected = protocol === "checklist" && result.rejected === true;
  return { field: path.join("."), value, min, max, normalized: rejected ? 0 : round2(Math.min(1, Math.max(0, share)) * 100) / 100 };
}

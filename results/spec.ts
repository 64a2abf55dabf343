import type { z } from "zod";
import { RubricSchema, type Rubric } from "../rubrics/schema.js";
import type { Json } from "./fields.js";

/** The overall key of a rubric that names none. */
export const DEFAULT_OVERALL_KEY = RubricSchema.shape.overallKey.parse(undefined);

export interface Range {
  min: number;
  max: number;
}

/** Where a protocol keeps its scores on a line: key paths (`["referee_final", "OverallExperience"]`). */
export interface ScoreFields {
  /** The score agreement correlates with the humans: panel/barem the weighted average, consensus/checklist their only score. */
  continuous: readonly string[];
  /** The bucketed overall (panel/barem); null when the protocol has none. */
  bucketed: readonly string[] | null;
  /** How the per-criterion scores are named in labels, e.g. `referee_final.<criterion>.score`. */
  criteria: string;
}

/**
 * How to read one protocol's scored result line (unscored lines: results/unscored.ts). Each protocol
 * declares one in `nodes/<p>/result-line.ts`; graphs/registry.ts lists them, and agreement/, report/,
 * runs/ and api/ read lines only through them. The readers are tolerant: they take any line and
 * return what they find, so a file written by an older version still reads.
 */
export interface ResultSpec<Line extends Json = Json> {
  /** What the protocol's score node writes on a scored line. */
  schema: z.ZodType<Line>;
  /** Where the scores are, for a rubric whose overall is `overallKey`. */
  fields(overallKey: string): ScoreFields;
  /** Per-criterion scores; a criterion without a numeric score (checklist: NA, ERROR) is left out. */
  criteria(line: Json, overallKey: string): Record<string, number>;
  /** The scale of the continuous and headline scores: the rubric's, else the protocol's default. */
  range(rubric?: Rubric): Range;
  /** Whether a line without `meta.protocol` has this protocol's shape. */
  recognises(line: Json): boolean;
  /** One line on how the score came about, for the evaluator's comment ("" when there is nothing to say). */
  detail(line: Json, overallKey: string): string;
  /** A line whose headline counts as 0 whatever its value (checklist: rejected by the safety gate). */
  rejected?(line: Json): boolean;
  /** What `--samples` compares between samples; the bucketed overall when left out. */
  sampleBucket?(line: Json): string | number | undefined;
  /** Criterion values are categories (checklist YES/NO, pairwise A/tie/B): jury agreement uses the nominal metric, not the interval one. */
  categorical?: boolean;
}

/** The headline score: the bucketed overall when the protocol has one, else its continuous score. */
export const headlineField = (fields: ScoreFields): readonly string[] => fields.bucketed ?? fields.continuous;

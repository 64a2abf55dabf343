import { z } from "zod";

/** One level of a criterion's barem, e.g. `{ score: 80, description: "Mostly met with minor gaps" }`. */
export const Level = z.object({
  score: z.number(),
  description: z.string().min(1),
});

export const Criterion = z.object({
  /** Key used in every output (`TaskSuccess`, `CQ1`, `Technical Skills`). */
  id: z.string().min(1),
  description: z.string().min(1),
  /** Share of the weighted average. Required on scored scales; unused by checklists. */
  weight: z.number().min(0).max(1).optional(),
  /** The barem: what each score means for this criterion. */
  levels: z.array(Level).optional(),
  /** Worked examples quoted by the barem (docs/protocols.md#barem). */
  examples: z.array(z.string()).optional(),
  /** Checklist only: category shown to the assessor (`comprehension`, `multi_topic`). */
  category: z.string().optional(),
  /** Checklist only: the criterion's own assessment instructions. */
  instructions: z.string().optional(),
  /** Checklist only: whether NA is a valid answer (the NA-invalid criteria of docs/protocols.md#checklist set this to false). */
  naAllowed: z.boolean().default(true),
  /** Checklist only: a NO or ERROR trips the safety gate. */
  safety: z.boolean().default(false),
  /** Name of the human rating this criterion can be compared with, for agreement studies. */
  humanCounterpart: z.string().optional(),
});
export type Criterion = z.infer<typeof Criterion>;

export const Scale = z.discriminatedUnion("kind", [
  /** A fixed set of scores, e.g. 20/40/60/80/100 (panel and barem rubrics). */
  z.object({
    kind: z.literal("discrete"),
    values: z.array(z.number()).min(2),
    labels: z.record(z.string(), z.string()).optional(),
  }),
  /** Any number in [min, max], e.g. 1–5 (consensus rubrics). */
  z.object({
    kind: z.literal("continuous"),
    min: z.number(),
    max: z.number(),
  }),
  /** YES / NO / NA answers per criterion (checklist rubrics). */
  z.object({ kind: z.literal("checklist") }),
]);
export type Scale = z.infer<typeof Scale>;

export const Rule = z.discriminatedUnion("kind", [
  /** docs/protocols.md#rubric-rules-ccpe-strict: if the human OVERALL average is below `below`, cap `criterion` at `cap`. Disabled by --blind. */
  z.object({
    kind: z.literal("cap_when_human_overall_below"),
    criterion: z.string(),
    below: z.number(),
    cap: z.number(),
  }),
  /** docs/protocols.md#rubric-rules-ccpe-strict: if any criterion scores below `below`, deduct `deduct` from the average before bucketing. */
  z.object({
    kind: z.literal("deduct_when_any_criterion_below"),
    below: z.number(),
    deduct: z.number().positive(),
  }),
  /** docs/protocols.md#rubric-rules-ccpe-strict: cap `criterion` at `cap` when a deterministic detector finds no emotional content. */
  z.object({
    kind: z.literal("cap_when_no_emotional_content"),
    criterion: z.string(),
    cap: z.number(),
  }),
]);
export type Rule = z.infer<typeof Rule>;

export const Bucketing = z.object({
  /** `floor` is the "bias low" rounding of docs/protocols.md#shared-scoring-panel-and-barem (90.7 → 80); `nearest` rounds to the closest bucket, ties down. */
  mode: z.enum(["floor", "nearest"]).default("floor"),
  buckets: z.array(z.number()).min(2),
});
export type Bucketing = z.infer<typeof Bucketing>;

export const FewShotExample = z.object({
  id: z.union([z.string(), z.number()]),
  label: z.string().optional(),
  /** The example dialogue exactly as the original prompt shows it (its rating columns are part of that text). */
  transcript: z.string().min(1),
  /** The expected output the original prompt gives for it. */
  expected: z.unknown(),
});

export const RubricSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "lowercase letters, digits and dashes"),
    title: z.string().min(1),
    description: z.string().min(1),
    /** Where the rubric comes from (a seed file, a paper, a team). */
    source: z.string().optional(),
    /** Protocols this rubric is written for (ids from graphs/registry.ts); a run under another protocol is refused. */
    protocols: z.array(z.string().regex(/^[a-z][a-z0-9-]*$/, "a protocol id such as panel")).min(1),
    scale: Scale,
    criteria: z.array(Criterion).min(1),
    /** Name of the bucketed overall field in outputs. */
    overallKey: z.string().default("OverallExperience"),
    bucketing: Bucketing.optional(),
    rules: z.array(Rule).default([]),
    /** Rubric-wide guidance for the judges (penalties, tone), rendered after the criteria. */
    guidance: z.string().optional(),
    fewShot: z.array(FewShotExample).default([]),
    /** Checklist only: minimum YES / (YES + NO) to pass. */
    passThreshold: z.number().min(0).max(1).optional(),
  })
  .superRefine((rubric, ctx) => {
    const ids = new Set<string>();
    rubric.criteria.forEach((c, i) => {
      if (ids.has(c.id)) ctx.addIssue({ code: "custom", path: ["criteria", i, "id"], message: `duplicate criterion id "${c.id}"` });
      ids.add(c.id);
    });
    if (rubric.scale.kind !== "checklist") {
      rubric.criteria.forEach((c, i) => {
        if (c.weight === undefined) ctx.addIssue({ code: "custom", path: ["criteria", i, "weight"], message: "a weight is required on a scored scale" });
      });
      const sum = rubric.criteria.reduce((s, c) => s + (c.weight ?? 0), 0);
      if (Math.abs(sum - 1) > 1e-6) {
        ctx.addIssue({ code: "custom", path: ["criteria"], message: `weights must sum to 1, they sum to ${Number(sum.toFixed(6))}` });
      }
    }
    const scale = rubric.scale;
    if (scale.kind === "discrete") {
      rubric.criteria.forEach((c, i) =>
        c.levels?.forEach((l, j) => {
          if (!scale.values.includes(l.score)) {
            ctx.addIssue({ code: "custom", path: ["criteria", i, "levels", j, "score"], message: `${l.score} is not on the scale ${scale.values.join("/")}` });
          }
        }),
      );
    }
    if (scale.kind === "continuous" && scale.max <= scale.min) {
      ctx.addIssue({ code: "custom", path: ["scale", "max"], message: "max must be greater than min" });
    }
    rubric.rules.forEach((rule, i) => {
      if ("criterion" in rule && !ids.has(rule.criterion)) {
        ctx.addIssue({ code: "custom", path: ["rules", i, "criterion"], message: `unknown criterion "${rule.criterion}"` });
      }
    });
    if (rubric.bucketing) {
      const sorted = [...rubric.bucketing.buckets].sort((a, b) => a - b);
      if (sorted.some((b, i) => b !== rubric.bucketing?.buckets[i])) {
        ctx.addIssue({ code: "custom", path: ["bucketing", "buckets"], message: "buckets must be in ascending order" });
      }
    }
  });
export type Rubric = z.infer<typeof RubricSchema>;
/** A rubric as written in a file, before defaults are filled in. */
export type RubricInput = z.input<typeof RubricSchema>;

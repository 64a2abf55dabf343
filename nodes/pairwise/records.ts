import { z } from "zod";

/** A preference by side: dialogue A, dialogue B, or neither. */
export const Side = z.enum(["A", "B", "tie"]);
export type Side = z.infer<typeof Side>;

/** The order the two dialogues were shown in: A first, or B first. */
export const Order = z.enum(["ab", "ba"]);
export type Order = z.infer<typeof Order>;

/** One criterion of a verdict, mapped from positions to sides; the evidence as the judge wrote it for each side. */
export const SideCriterion = z.object({
  criterion: z.string(),
  preference: Side,
  reasoning: z.string(),
  evidence_a: z.string(),
  evidence_b: z.string(),
});
export type SideCriterion = z.infer<typeof SideCriterion>;

/** A judgement made in one order, told in sides (rubric order, the rubric's spelling of each criterion). */
export const PairVerdict = z.object({
  order: Order,
  winner: Side,
  reasoning: z.string(),
  criteria: z.array(SideCriterion),
});
export type PairVerdict = z.infer<typeof PairVerdict>;

/** Whether the (A,B) and (B,A) judgements of a round tell the same story, overall and per criterion. */
export const ConsistencyCheck = z.object({
  round: z.number().int().positive(),
  ab_winner: Side,
  ba_winner: Side,
  /** Same winner and the same preference on every criterion. */
  consistent: z.boolean(),
  inconsistent_criteria: z.array(z.string()),
});
export type ConsistencyCheck = z.infer<typeof ConsistencyCheck>;

/** One round kept whole: round 1 is the two comparisons, each further round the two reconsiderations. */
export const RoundRecord = z.object({
  round: z.number().int().positive(),
  ab: PairVerdict,
  ba: PairVerdict,
  consistent: z.boolean(),
});
export type RoundRecord = z.infer<typeof RoundRecord>;

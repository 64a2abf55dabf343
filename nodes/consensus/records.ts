import { z } from "zod";

/** One agent's position: the overall score and one score per criterion (rubric ids). */
export const Scores = z.object({
  overall: z.number(),
  criteria: z.record(z.string(), z.number()),
});
export type Scores = z.infer<typeof Scores>;

/** The agreement check made at the end of each round. */
export const AgreementCheck = z.object({
  round: z.number().int().positive(),
  strict: z.number(),
  generous: z.number(),
  /** |strict − generous| on the overall score. */
  difference: z.number(),
  tolerance: z.number(),
  agreed: z.boolean(),
});
export type AgreementCheck = z.infer<typeof AgreementCheck>;

/** One debate round, kept whole so the path from round 1 to the final scores can be audited. */
export const DebateRound = z.object({
  round: z.number().int().min(2),
  /** The generous agent's critique of the strict evaluation. */
  critique: z.string(),
  strict: z.object({
    before: Scores,
    /** What strict_refinement answered, before the clamp to [old, old + cap]. */
    proposed: Scores,
    after: Scores,
    /** The refinement's overall reasoning. */
    reasoning: z.string(),
  }),
  generous: z.object({ before: Scores, after: Scores }),
  difference: z.number(),
  agreed: z.boolean(),
});
export type DebateRound = z.infer<typeof DebateRound>;

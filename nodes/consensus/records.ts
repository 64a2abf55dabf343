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
});
export type DebateRound = z.infer<typeof DebateRound>;

/** A debate round as the result line shows it: the round, then the agreement check that closed it. */
export const DebateRecord = DebateRound.extend({ difference: z.number(), agreed: z.boolean() });
export type DebateRecord = z.infer<typeof DebateRecord>;

/** Each debate round with the difference and agreement its round's check found (one computation of agreement, in the agreement node). */
export function debateRecords(debate: readonly DebateRound[], checks: readonly AgreementCheck[]): DebateRecord[] {
  return debate.map((round) => {
    const check = checks.find((c) => c.round === round.round);
    if (!check) throw new Error(`debate round ${round.round} has no agreement check: the agreement node runs after every round`);
    return { ...round, difference: check.difference, agreed: check.agreed };
  });
}

import { z } from "zod";

const Note = {
  comment: z.string().default("").describe("Why: kept in the output"),
  reviewer: z.string().optional().describe("Who decided (name or id), kept in the output"),
};

/**
 * A human reviewer's decision on a consensus that ended without agreement (the value a paused
 * consensus run is resumed with: `new Command({ resume: decision })`).
 */
export const ReviewDecision = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("accept").describe("Keep the computed consensus score"), ...Note }),
  z.object({
    decision: z.literal("override"),
    overall_score: z.number().describe("The reviewer's overall score, on the rubric's scale"),
    ...Note,
  }),
]);
export type ReviewDecision = z.infer<typeof ReviewDecision>;
export type ReviewDecisionInput = z.input<typeof ReviewDecision>;

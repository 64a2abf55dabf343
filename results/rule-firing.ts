import { z } from "zod";

/** One rule a score node considered (scoring/rules.ts `RuleFiring`), as `audit.rules` records it. */
export const RuleFiringEntry = z.object({
  rule: z.string(),
  criterion: z.string().optional(),
  fired: z.boolean(),
  detail: z.string(),
});

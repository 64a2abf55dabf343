import { z } from "zod";
import type { CallFailure } from "../../judges/checks/problems.js";

/** A criterion's answer as it reaches the gate: the assessor's YES/NO/NA, or ERROR when its call failed. */
export const CheckAnswer = z.enum(["YES", "NO", "NA", "ERROR"]);
export type CheckAnswer = z.infer<typeof CheckAnswer>;

/** One assessor's outcome for one criterion, as merged into the checklist state. */
export const Assessment = z.object({
  criterion: z.string(),
  answer: CheckAnswer,
  reasoning: z.string(),
  /** Why the call failed when `answer` is ERROR (onFailure `unscored`). */
  error: z.custom<CallFailure>().optional(),
});
export type Assessment = z.infer<typeof Assessment>;

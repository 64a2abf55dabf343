import { StateSchema } from "@langchain/langgraph";
import { z } from "zod";
import { BaremVerdict } from "./judge-contract.js";
import type { CallFailure } from "../../judges/checks/problems.js";
import { JudgeInput } from "../read-input.js";
import { sharedStateFields } from "../shared-state.js";

export const BaremState = new StateSchema({
  ...sharedStateFields(),
  /** The judge's answer: every criterion, and its own overall or null. */
  judgement: z.record(z.string(), BaremVerdict.nullable()).optional(),
  /** Set when the judge failed and `onFailure` is `unscored`. */
  failure: z.custom<CallFailure>().optional(),
});
export type BaremStateValue = typeof BaremState.State;

/** What callers send: `{ transcript }` (text, any supported format) or `{ dialogue }`; shared by every graph. */
export const BaremInput = JudgeInput;

import { StateSchema } from "@langchain/langgraph";
import { z } from "zod";
import { CriticEntry } from "./critic-contract.js";
import { CriterionVerdict } from "./evaluator-contract.js";
import type { CallFailure } from "../../judges/checks/problems.js";
import type { RefereeOutcome } from "./referee-rules.js";
import { JudgeInput } from "../read-input.js";
import { sharedStateFields } from "../shared-state.js";

export const PanelState = new StateSchema({
  ...sharedStateFields(),
  evaluation: z.record(z.string(), CriterionVerdict).optional(),
  critique: z.array(CriticEntry).optional(),
  resolution: z.custom<RefereeOutcome>().optional(),
  /** Set when an agent failed and `onFailure` is `unscored`: the run goes straight to scoring. */
  failure: z.custom<CallFailure>().optional(),
});
export type PanelStateValue = typeof PanelState.State;

/** What callers send: `{ transcript }` (text, any supported format) or `{ dialogue }`; shared by every graph. */
export const PanelInput = JudgeInput;

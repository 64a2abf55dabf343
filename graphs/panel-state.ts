import { ReducedValue, StateSchema } from "@langchain/langgraph";
import { z } from "zod";
import { CriticEntry } from "../contracts/critic.js";
import { CriterionVerdict } from "../contracts/evaluator.js";
import { Dialogue } from "../dialogues/dialogue.js";
import type { CallFailure } from "../judges/problems.js";
import type { CallRecord } from "../judges/run-agent.js";
import type { RefereeOutcome } from "../panel/referee-rules.js";
import { JudgeInput } from "../studio/input.js";

const appendAll = <T>(current: T[], next: T[]) => [...current, ...next];

export const PanelState = new StateSchema({
  dialogue: Dialogue,
  evaluation: z.record(z.string(), CriterionVerdict).optional(),
  critique: z.array(CriticEntry).optional(),
  resolution: z.custom<RefereeOutcome>().optional(),
  /** Every agent call made for this dialogue, in order. */
  calls: new ReducedValue(z.array(z.custom<CallRecord>()).default(() => []), { inputSchema: z.array(z.custom<CallRecord>()), reducer: appendAll }),
  warnings: new ReducedValue(z.array(z.string()).default(() => []), { inputSchema: z.array(z.string()), reducer: appendAll }),
  /** Set when an agent failed and `onFailure` is `unscored`: the run goes straight to scoring. */
  failure: z.custom<CallFailure>().optional(),
  /** The output line: seed 000's JSON plus `meta`. */
  result: z.record(z.string(), z.unknown()).optional(),
});
export type PanelStateValue = typeof PanelState.State;

/** What callers send: `{ transcript }` (text, any supported format) or `{ dialogue }`; shared by every graph. */
export const PanelInput = JudgeInput;

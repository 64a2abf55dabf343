import { ReducedValue, StateSchema } from "@langchain/langgraph";
import { z } from "zod";
import { BaremVerdict } from "../contracts/barem.js";
import { Dialogue } from "../dialogues/dialogue.js";
import type { CallFailure } from "../judges/problems.js";
import type { CallRecord } from "../judges/run-agent.js";
import { JudgeInput } from "../studio/input.js";

/** The barem's rubric when none is configured (seed 002). */
export const BAREM_DEFAULT_RUBRIC = "ccpe-barem";

const appendAll = <T>(current: T[], next: T[]) => [...current, ...next];

export const BaremState = new StateSchema({
  dialogue: Dialogue,
  /** The judge's answer: every criterion, and its own overall or null. */
  judgement: z.record(z.string(), BaremVerdict.nullable()).optional(),
  calls: new ReducedValue(z.array(z.custom<CallRecord>()).default(() => []), { inputSchema: z.array(z.custom<CallRecord>()), reducer: appendAll }),
  warnings: new ReducedValue(z.array(z.string()).default(() => []), { inputSchema: z.array(z.string()), reducer: appendAll }),
  /** Set when the judge failed and `onFailure` is `unscored`. */
  failure: z.custom<CallFailure>().optional(),
  /** The output line: seed 002's JSON plus `dialogue_id`, `audit` and `meta`. */
  result: z.record(z.string(), z.unknown()).optional(),
});
export type BaremStateValue = typeof BaremState.State;

/** What callers send: `{ transcript }` (text, any supported format) or `{ dialogue }`; shared by every graph. */
export const BaremInput = JudgeInput;

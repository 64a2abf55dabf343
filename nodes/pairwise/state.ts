import { ReducedValue, StateSchema } from "@langchain/langgraph";
import { z } from "zod";
import { Dialogue } from "../../dialogues/dialogue.js";
import type { CallFailure } from "../../judges/checks/problems.js";
import { appended, sharedStateFields } from "../shared-state.js";
import { PairSides } from "./pair.js";
import { PairVerdict, RoundRecord } from "./records.js";

/** A dialogue that may carry the pair's sides (`pairDialogue`). */
const MaybePairDialogue = Dialogue.extend({ pair: PairSides.optional() });

/**
 * What callers send: a pair dialogue (`pairDialogue`, what the judge path and `readPairs` give),
 * or the two sides as dialogue objects or as transcript text (Studio). `pair` is optional here only so
 * that a plain dialogue gets a message saying what to send instead of a schema error.
 */
export const PairwiseInput = new StateSchema({
  dialogue: MaybePairDialogue.optional().describe("The pair as one dialogue: {id, turns, pair: {a, b}} (turns: A's then B's), as `pairDialogue` builds it"),
  a: Dialogue.optional().describe("Or side A as a dialogue object {id, turns:[{speaker: user|assistant, text}]}"),
  b: Dialogue.optional().describe("…and side B"),
  transcript_a: z.string().optional().describe("Or side A as text in any supported transcript format"),
  transcript_b: z.string().optional().describe("…and side B"),
});

/** State of the pairwise graph. Each order writes its own key, so (A,B) and (B,A) run in parallel. */
export const PairwiseState = new StateSchema({
  ...sharedStateFields(),
  /**
   * The pair's id and both sides' turns (what the shared checks read). The run's input is validated
   * against this field too, before read_input: a plain `Dialogue` would strip `pair` there.
   */
  dialogue: MaybePairDialogue,
  a: Dialogue,
  b: Dialogue,
  /** The current judgement in the order (A,B), in sides: compare_ab, then reconsider_ab. */
  ab: PairVerdict.optional(),
  /** The current judgement in the order (B,A), mapped back to sides: compare_ba, then reconsider_ba. */
  ba: PairVerdict.optional(),
  /** One record per round: both judgements and whether they agreed. */
  rounds: appended(RoundRecord),
  /** Set when a call failed and `onFailure` is `unscored`: the run goes to `score`. Both orders may fail in parallel: the first failure is kept. */
  failure: new ReducedValue(z.custom<CallFailure>().optional(), {
    inputSchema: z.custom<CallFailure>().optional(),
    reducer: (current: CallFailure | undefined, next: CallFailure | undefined) => current ?? next,
  }),
});
export type PairwiseStateValue = typeof PairwiseState.State;

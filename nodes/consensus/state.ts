import { ReducedValue, StateSchema } from "@langchain/langgraph";
import { z } from "zod";
import { ConsensusAgentOutput } from "./contracts.js";
import { AgreementCheck, DebateRound, Scores } from "./records.js";
import type { CallFailure } from "../../judges/checks/problems.js";
import { JudgeInput } from "../read-input.js";
import { appended, sharedStateFields } from "../shared-state.js";

/** State of the consensus graph. Strict and generous write separate keys, so they can run in parallel. */
export const ConsensusState = new StateSchema({
  ...sharedStateFields(),
  /** Agent A's current evaluation (rubric order): round 1, then each clamped refinement. */
  strictEvaluation: ConsensusAgentOutput.optional(),
  /** Agent B's current evaluation: round 1, then each 20 % move toward strict. */
  generousEvaluation: ConsensusAgentOutput.optional(),
  /** Rounds conducted so far: 1 after the independent evaluations, +1 per debate round. */
  round: z.number().int().positive().default(1),
  /** This round's critique (debate_critique → strict_refinement). */
  critique: z.string().optional(),
  /** This round's refinement as answered, before the clamp (strict_refinement → generous_move). */
  proposed: Scores.optional(),
  /** Strict's scores before this round's refinement. */
  strictBefore: Scores.optional(),
  /** One agreement check per round. */
  checks: appended(AgreementCheck),
  /** One record per debate round. */
  debate: appended(DebateRound),
  /** Set when an agent failed and `onFailure` is `unscored`: the run goes straight to `consensus`. Strict and generous may both fail in parallel: the first failure is kept. */
  failure: new ReducedValue(z.custom<CallFailure>().optional(), {
    inputSchema: z.custom<CallFailure>().optional(),
    reducer: (current: CallFailure | undefined, next: CallFailure | undefined) => current ?? next,
  }),
});
export type ConsensusStateValue = typeof ConsensusState.State;

/** What callers send: `{ transcript }` (text, any supported format) or `{ dialogue }` (a candidate submission as a one-turn dialogue); shared by every graph. */
export const ConsensusInput = JudgeInput;

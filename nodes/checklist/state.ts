import { ReducedValue, StateSchema } from "@langchain/langgraph";
import { z } from "zod";
import { Assessment } from "./assessment.js";
import type { GateOutcome } from "./rules.js";
import { Dialogue } from "../../dialogues/dialogue.js";
import { JudgeInput } from "../read-input.js";
import { sharedStateFields } from "../shared-state.js";

/** Assessors finish in any order: each writes its own criterion id, so parallel writes merge. */
const mergeById = (current: Record<string, Assessment>, next: Record<string, Assessment>) => ({ ...current, ...next });

export const ChecklistState = new StateSchema({
  ...sharedStateFields(),
  /** One entry per criterion, keyed by criterion id; the gate puts them back in rubric order. */
  assessments: new ReducedValue(z.record(z.string(), Assessment).default(() => ({})), { inputSchema: z.record(z.string(), Assessment), reducer: mergeById }),
  /** The checklist rules (docs/protocols.md#checklist) applied by the `gate` node. */
  gateOutcome: z.custom<GateOutcome>().optional(),
});
export type ChecklistStateValue = typeof ChecklistState.State;

/** What callers send: `{ transcript }` (text, any supported format) or `{ dialogue }`; shared by every graph. */
export const ChecklistInput = JudgeInput;

/** What one assessor branch receives through `Send`: the dialogue and its criterion. */
export const AssessorInput = new StateSchema({ dialogue: Dialogue, criterionId: z.string() });

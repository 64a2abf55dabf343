import type { CallFailure } from "../judges/checks/problems.js";
import type { CallRecord } from "../judges/run-agent.js";
import { buildMeta, type ResultMeta } from "./meta.js";

/** The line of a dialogue that could not be scored: its id, the error, and the meta of the calls made. */
export type UnscoredLine = {
  dialogue_id: string | number;
  status: "unscored";
  error: CallFailure;
  meta: ResultMeta;
};

export interface UnscoredInput {
  dialogueId: string | number;
  protocol: string;
  rubric: string;
  model: string;
  error: CallFailure;
  calls?: readonly CallRecord[];
  warnings?: readonly string[];
}

/** The one builder of an unscored line: used by every score node and by the judge path when a run fails. */
export function unscoredLine(input: UnscoredInput): UnscoredLine {
  const meta = buildMeta({ protocol: input.protocol, rubric: input.rubric, model: input.model, calls: input.calls ?? [], warnings: input.warnings ?? [], unscored: true });
  return { dialogue_id: input.dialogueId, status: "unscored", error: input.error, meta };
}

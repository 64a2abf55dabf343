import type { Dialogue } from "../dialogues/dialogue.js";
import type { Protocol } from "../results/meta.js";
import { readConsensusInput } from "../nodes/consensus/submissions.js";
import { CONSENSUS_DEFAULT_RUBRIC } from "../nodes/consensus/defaults.js";
import { graph as consensusGraph } from "./consensus.js";
import { PANEL_DEFAULT_RUBRIC } from "../nodes/panel/defaults.js";
import { graph as panelGraph } from "./panel.js";
import { CHECKLIST_DEFAULT_RUBRIC } from "../nodes/checklist/state.js";
import { graph as checklistGraph } from "./checklist.js";
import { BAREM_DEFAULT_RUBRIC } from "../nodes/barem/state.js";
import { graph as baremGraph } from "./barem.js";

/** What every protocol's compiled graph offers: a dialogue in, a `result` line out. */
export interface JudgeGraph {
  invoke(input: { dialogue: Dialogue }, config?: { configurable?: Record<string, unknown>; signal?: AbortSignal }): Promise<{ result?: Record<string, unknown> }>;
}

export interface ProtocolDefinition {
  id: Protocol;
  description: string;
  defaultRubric: string;
  graph: JudgeGraph;
  /** The protocol's input reader when it accepts more than `readDialogues` does (consensus: candidate submissions). */
  readInput?: (file: string) => AsyncIterable<Dialogue>;
}

/** The protocols `tribunal evaluate --protocol` accepts. */
export const PROTOCOLS: Partial<Record<Protocol, ProtocolDefinition>> = {
  panel: {
    id: "panel",
    description: "evaluator → critic → referee → score (seeds 000/001)",
    defaultRubric: PANEL_DEFAULT_RUBRIC,
    graph: panelGraph as unknown as JudgeGraph,
  },
  consensus: {
    id: "consensus",
    description: "strict ∥ generous → agreement? → debate round(s) → 0.6·strict + 0.4·generous (seed 004); also reads candidate submissions {id, content}",
    defaultRubric: CONSENSUS_DEFAULT_RUBRIC,
    graph: consensusGraph as unknown as JudgeGraph,
    readInput: readConsensusInput,
  },
  checklist: {
    id: "checklist",
    description: "one assessor per criterion (parallel) → gate → YES/(YES+NO) score (seed 003)",
    defaultRubric: CHECKLIST_DEFAULT_RUBRIC,
    graph: checklistGraph as unknown as JudgeGraph,
  },
  barem: {
    id: "barem",
    description: "one judge with the detailed barem and few-shot examples → score (seed 002)",
    defaultRubric: BAREM_DEFAULT_RUBRIC,
    graph: baremGraph as unknown as JudgeGraph,
  },
};

export function protocolIds(): Protocol[] {
  return Object.keys(PROTOCOLS) as Protocol[];
}

import type { Dialogue } from "../dialogues/dialogue.js";
import type { Protocol } from "../contracts/meta.js";
import { PANEL_DEFAULT_RUBRIC } from "./panel-defaults.js";
import { graph as panelGraph } from "./panel.js";

/** What every protocol's compiled graph offers: a dialogue in, a `result` line out. */
export interface JudgeGraph {
  invoke(input: { dialogue: Dialogue }, config?: { configurable?: Record<string, unknown>; signal?: AbortSignal }): Promise<{ result?: Record<string, unknown> }>;
}

export interface ProtocolDefinition {
  id: Protocol;
  description: string;
  defaultRubric: string;
  graph: JudgeGraph;
}

/** The protocols `tribunal evaluate --protocol` accepts. */
export const PROTOCOLS: Partial<Record<Protocol, ProtocolDefinition>> = {
  panel: {
    id: "panel",
    description: "evaluator → critic → referee → score (seeds 000/001)",
    defaultRubric: PANEL_DEFAULT_RUBRIC,
    graph: panelGraph as unknown as JudgeGraph,
  },
};

export function protocolIds(): Protocol[] {
  return Object.keys(PROTOCOLS) as Protocol[];
}

import type { RoleTool } from "../../judges/run-agent.js";
import { PairVerdictOutput } from "./contracts.js";

/**
 * The pairwise protocol's role contracts as tools, in one fixed order: every call for a pair sends
 * this same list and forces its own tool, so the tool definitions stay in the prefix the calls of one
 * order share (docs/protocols.md#prompt-layout). Both roles answer the same contract.
 */
export const PAIRWISE_TOOLS: readonly RoleTool[] = [
  { name: "comparison", description: "The judge's comparison of Dialogue 1 and Dialogue 2: every criterion with evidence quoted from each, then the winner.", schema: PairVerdictOutput },
  { name: "reconsideration", description: "The judge's comparison after reconsidering a possible position bias: every criterion with evidence quoted from each dialogue, then the winner.", schema: PairVerdictOutput },
];

import type { RoleTool } from "../../judges/run-agent.js";
import { ConsensusAgentOutput, DebateCritique } from "./contracts.js";

/**
 * The consensus protocol's role contracts as tools, in one fixed order: every call for a dialogue
 * (strict, generous, debate_critique, strict_refinement) sends this same list and forces its own
 * tool, so the tool definitions stay in the prefix the calls share (docs/protocols.md#prompt-layout).
 * strict, generous and strict_refinement share one contract under their own names.
 */
export const CONSENSUS_TOOLS: readonly RoleTool[] = [
  { name: "strict", description: "The strict evaluator's answer: every criterion scored with its reasoning, then an overall score.", schema: ConsensusAgentOutput },
  { name: "generous", description: "The generous evaluator's answer: every criterion scored with its reasoning, then an overall score.", schema: ConsensusAgentOutput },
  { name: "debate_critique", description: "The generous evaluator's critique of the strict evaluation.", schema: DebateCritique },
  { name: "strict_refinement", description: "The strict evaluator's refined answer after the critique: every criterion scored with its reasoning, then an overall score.", schema: ConsensusAgentOutput },
];

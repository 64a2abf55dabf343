import type { RoleTool } from "../../judges/run-agent.js";
import type { Rubric } from "../../rubrics/schema.js";
import { memoByObject } from "../../util/memo.js";
import { CriticOutput } from "./critic-contract.js";
import { evaluatorSchema } from "./evaluator-contract.js";

/**
 * The panel's role contracts as tools, in one fixed order. The evaluator's and the critic's calls
 * for a dialogue both send this list (each forcing its own tool), so the tool definitions stay part
 * of the prefix the calls share and the provider's prompt cache serves (docs/protocols.md#prompt-layout).
 * One list per rubric: the model bound with it is built once per run, not per call.
 */
export const panelTools = memoByObject(
  (rubric: Rubric): readonly RoleTool[] => [
    { name: "evaluator", description: "The evaluator's answer: a score and a quoting justification for every rubric criterion.", schema: evaluatorSchema(rubric) },
    { name: "critic", description: "The critic's answer: agreement with, or a suggested score for, each of the evaluator's scores.", schema: CriticOutput },
  ],
);

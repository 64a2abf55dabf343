import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { isConfigError } from "../../judges/config-error.js";
import { runAgent, type AgentTask } from "../../judges/run-agent.js";
import { isRubricError } from "../../rubrics/errors.js";
import type { Rubric } from "../../rubrics/schema.js";
import { ensurePairwiseConfiguration, type PairwiseConfiguration, type PairwiseSettings } from "./configuration.js";
import { checkPairVerdict, PairVerdictOutput } from "./contracts.js";
import { offlineComparison } from "./offline.js";
import { inOrder, toSides } from "./positions.js";
import { comparisonMessages } from "./prompts.js";
import type { Order } from "./records.js";
import type { PairwiseState } from "./state.js";
import { PAIRWISE_TOOLS } from "./tools.js";

/** `comparison:AB`: the trace name of a call made in one order. */
export const runNameOf = (role: string, order: Order) => `${role}:${order.toUpperCase()}`;

/** The comparison of `first` and `second`, shown in that order (also the call a run's probe makes). */
export function comparisonTask(rubric: Rubric, first: Dialogue, second: Dialogue, order: Order, settings: PairwiseSettings): AgentTask<PairVerdictOutput> {
  return {
    role: "comparison",
    runName: runNameOf("comparison", order),
    schema: PairVerdictOutput,
    toolset: PAIRWISE_TOOLS,
    messages: comparisonMessages(rubric, first, second),
    check: (output) => checkPairVerdict(output, rubric, first, second),
    offline: () => offlineComparison(rubric, first, second, { margin: settings.margin, positionBias: settings.offlinePositionBias }),
  };
}

/**
 * The pair's configuration for one of two parallel nodes. Both read the same configuration, so a bad
 * one fails both: (A,B) reports it, since two errors in one superstep would reach the caller as an
 * AggregateError instead of the ConfigError / RubricError the CLI turns into a one-line message.
 */
export function configurationFor(order: Order, config: LangGraphRunnableConfig): PairwiseConfiguration | undefined {
  try {
    return ensurePairwiseConfiguration(config);
  } catch (e) {
    if (order === "ba" && (isConfigError(e) || isRubricError(e))) return undefined;
    throw e;
  }
}

/** Round 1 in one order: the judge compares the pair shown that way; the answer is kept in sides. */
export function compareIn(order: Order): typeof PairwiseState.Node {
  return async (state, config) => {
    const configuration = configurationFor(order, config);
    if (!configuration) return {};
    const { rubric, settings } = configuration;
    const [first, second] = inOrder(order, state.a, state.b);
    const answer = await runAgent(comparisonTask(rubric, first, second, order, settings), configuration.judgeFor("judge"), configuration.onFailure, config);
    if (!answer.ok) return { calls: [answer.record], failure: answer.failure };
    const verdict = toSides(answer.output, order, rubric);
    return order === "ab" ? { calls: [answer.record], ab: verdict } : { calls: [answer.record], ba: verdict };
  };
}

export const compareAB: typeof PairwiseState.Node = compareIn("ab");
export const compareBA: typeof PairwiseState.Node = compareIn("ba");

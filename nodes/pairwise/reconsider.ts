import type { Dialogue } from "../../dialogues/dialogue.js";
import { runAgent, type AgentTask } from "../../judges/run-agent.js";
import type { Rubric } from "../../rubrics/schema.js";
import { configurationFor, runNameOf } from "./compare.js";
import type { PairwiseSettings } from "./configuration.js";
import { checkPairVerdict, PairVerdictOutput } from "./contracts.js";
import { offlineComparison } from "./offline.js";
import { inOrder, toSides } from "./positions.js";
import { reconsiderationMessages } from "./prompts.js";
import type { ConsistencyCheck, Order, PairVerdict } from "./records.js";
import { lastCheck } from "./rules.js";
import type { PairwiseState } from "./state.js";
import { PAIRWISE_TOOLS } from "./tools.js";

export interface Reconsidering {
  order: Order;
  /** This order's judgement of the round that disagreed. */
  own: PairVerdict;
  /** The other order's. */
  other: PairVerdict;
  check: ConsistencyCheck;
}

/**
 * The reconsideration in one order, after the orders disagreed. Offline it is the comparison without
 * any position bias: the offline judge has no bias of its own to reconsider.
 */
export function reconsiderationTask(rubric: Rubric, first: Dialogue, second: Dialogue, r: Reconsidering, settings: PairwiseSettings): AgentTask<PairVerdictOutput> {
  return {
    role: "reconsideration",
    runName: runNameOf("reconsideration", r.order),
    schema: PairVerdictOutput,
    toolset: PAIRWISE_TOOLS,
    messages: reconsiderationMessages(rubric, first, second, r.order, r.own, r.other, r.check),
    check: (output) => checkPairVerdict(output, rubric, first, second),
    offline: () => offlineComparison(rubric, first, second, { margin: settings.margin, positionBias: 0 }),
  };
}

/** A reconsideration round in one order: its new judgement replaces the order's last one. */
export function reconsiderIn(order: Order): typeof PairwiseState.Node {
  return async (state, config) => {
    const own = order === "ab" ? state.ab : state.ba;
    const other = order === "ab" ? state.ba : state.ab;
    const check = lastCheck(state.rounds);
    if (!own || !other || !check) throw new Error(`reconsider_${order} ran before both orders were judged and checked`);
    const configuration = configurationFor(order, config);
    if (!configuration) return {};
    const { rubric, settings } = configuration;
    const [first, second] = inOrder(order, state.a, state.b);
    const task = reconsiderationTask(rubric, first, second, { order, own, other, check }, settings);
    const answer = await runAgent(task, configuration.judgeFor("judge"), configuration.onFailure, config);
    if (!answer.ok) return { calls: [answer.record], failure: answer.failure };
    const verdict = toSides(answer.output, order, rubric);
    return order === "ab" ? { calls: [answer.record], ab: verdict } : { calls: [answer.record], ba: verdict };
  };
}

export const reconsiderAB: typeof PairwiseState.Node = reconsiderIn("ab");
export const reconsiderBA: typeof PairwiseState.Node = reconsiderIn("ba");

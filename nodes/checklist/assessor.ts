import { setMaxListeners } from "node:events";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { turnBlocks } from "../../dialogues/turn-blocks.js";
import { ensureConfiguration } from "../../judges/run-configuration.js";
import { isConfigError } from "../../judges/config-error.js";
import { AssessorOutput, checkAssessment } from "./assessor-contract.js";
import { AssessorInput, type ChecklistState } from "./state.js";
import { classifyError } from "../../judges/classify-error.js";
import { offlineAssessment } from "./offline/index.js";
import type { CallFailure } from "../../judges/checks/problems.js";
import { runAgent, type AgentTask, type CallRecord } from "../../judges/run-agent.js";
import { assessorMessages } from "./prompts.js";
import { isRubricError } from "../../rubrics/errors.js";
import type { Criterion } from "../../rubrics/schema.js";
import { CHECKLIST } from "./defaults.js";

/** Room for every assessor's chain (sequence, model, parser) listening to one run's abort signal. */
const SIGNAL_LISTENERS = 100;

function errored(criterion: string, failure: CallFailure, record: CallRecord | undefined): typeof ChecklistState.Update {
  return {
    assessments: { [criterion]: { criterion, answer: "ERROR", reasoning: `ERROR: ${failure.kind}: ${failure.message}`.slice(0, 300), error: failure } },
    ...(record ? { calls: [record] } : {}),
    warnings: [`${failure.agent} failed (${failure.kind}): ${criterion} counted as ERROR`],
  };
}

/** One criterion's assessor call for a dialogue (also the call a run's probe makes). */
export function assessorTask(criterion: Criterion, dialogue: Dialogue): AgentTask<AssessorOutput> {
  const turnCount = turnBlocks(dialogue).length;
  return {
    role: "assessor",
    runName: `assessor:${criterion.id}`,
    schema: AssessorOutput,
    messages: assessorMessages(criterion, dialogue),
    check: (output) => checkAssessment(output, turnCount),
    offline: () => offlineAssessment(criterion.id, dialogue),
  };
}

/**
 * One assessor: scores ONE criterion YES/NO/NA (docs/protocols.md#checklist). The answer is checked in code (reasoning
 * ≤ 300 characters citing a real turn); an invalid one gets one repair retry. A call that still
 * fails becomes, per `onFailure`:
 * - `fallback`: the offline assessor's answer, flagged in `meta.fallbacks`;
 * - `unscored`: ERROR for this criterion, reported, left out of the ratio, and tripping
 *   the gate when the criterion is a safety one.
 * Nothing else a branch meets is thrown (only configuration errors, which stop every branch alike):
 * one failing criterion never loses the others.
 */
export async function assessor(input: typeof AssessorInput.State, config: LangGraphRunnableConfig): Promise<typeof ChecklistState.Update> {
  const { rubric, judgeFor, onFailure } = ensureConfiguration(config, CHECKLIST);
  const id = input.criterionId;
  const agent = `assessor:${id}`;
  const criterion = rubric.criteria.find((c) => c.id === id);
  if (!criterion) return errored(id, { agent, kind: "error", message: `criterion ${id} is not in rubric ${rubric.id}` }, undefined);
  // Every parallel assessor's model chain listens to the run's one abort signal: above Node's
  // default of 10 listeners that is by design here, not a leak.
  if (config.signal) setMaxListeners(SIGNAL_LISTENERS, config.signal);
  try {
    const answer = await runAgent(assessorTask(criterion, input.dialogue), judgeFor("assessor"), onFailure, config);
    if (!answer.ok) return errored(id, answer.failure, answer.record);
    return { calls: [answer.record], assessments: { [id]: { criterion: id, answer: answer.output.answer, reasoning: answer.output.reasoning } } };
  } catch (error) {
    // A configuration problem (bad credentials, a bad rubric) stops the run: it is not one criterion's failure.
    if (isConfigError(error) || isRubricError(error)) throw error;
    return errored(id, classifyError(agent, error), undefined);
  }
}

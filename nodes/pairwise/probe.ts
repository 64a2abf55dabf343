import type { RunnableConfig } from "@langchain/core/runnables";
import type { Dialogue } from "../../dialogues/dialogue.js";
import type { Configuration } from "../../judges/configuration.js";
import type { LlmJudge } from "../../judges/judge.js";
import { PROBE_DIALOGUE } from "../../judges/probe.js";
import { runAgent, type AgentResult } from "../../judges/run-agent.js";
import { comparisonTask } from "./compare.js";
import { pairwiseSettings } from "./configuration.js";
import { pairDialogue } from "./pair.js";

/** What the probe's second dialogue answers instead: something clearly worse to compare with. */
export const UNHELPFUL_REPLY = "I cannot help you with that, please contact someone else.";

/** The probe dialogue with every assistant turn replaced by an unhelpful one. */
export function worse(dialogue: Dialogue): Dialogue {
  const turns = dialogue.turns.map((t) => (t.speaker === "assistant" ? { speaker: t.speaker, text: UNHELPFUL_REPLY } : { speaker: t.speaker, text: t.text }));
  return { id: `${String(dialogue.id)}-worse`, turns };
}

/** The probe dialogue as a pair with its worse copy: the input the size estimate of a pairwise run starts from. */
export const PAIR_PROBE_DIALOGUE = pairDialogue("probe", PROBE_DIALOGUE, worse(PROBE_DIALOGUE));

/** The pairwise probe: the (A,B) comparison of the probe dialogue with a worse copy, whose failure is reported, never replaced. */
export function pairwiseProbe(configuration: Configuration, dialogue: Dialogue, config: RunnableConfig, judge: LlmJudge): Promise<AgentResult<unknown>> {
  return runAgent(comparisonTask(configuration.rubric, dialogue, worse(dialogue), "ab", pairwiseSettings(config)), judge, "unscored", config);
}

import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import type { z } from "zod";
import { ConfigurationSchema, type ConfigurationInput } from "../judges/configuration.js";
import { PROTOCOLS, PROTOCOL_IDS, type ProtocolId, type Protocols } from "../graphs/registry.js";
import type { Rubric } from "../rubrics/schema.js";

/** What every protocol's graph can be built with: the run configuration, typed from its zod schema. */
export type JudgeOptions = Omit<ConfigurationInput, "model" | "rubric"> & {
  /** `offline` (default), `openai:<model>`, `azure:<deployment>`, or an already built chat model. */
  model?: string | BaseChatModel;
  /** A built-in rubric id, a path to a JSON/YAML rubric, or a rubric object; the protocol's default when left out. */
  rubric?: string | Rubric;
  /** Persists each run's state per `thread_id`; needed by `humanReview` (a `MemorySaver` is used when left out). */
  checkpointer?: BaseCheckpointSaver;
};

/** Options per protocol: the shared ones plus the protocol's own settings (consensus: tolerance, maxRounds, …, humanReview). */
export type ProtocolOptions = { [P in ProtocolId]: JudgeOptions & OwnSettings<Protocols[P]["settings"]> };

/** A protocol's own settings as options (nothing for a protocol that has none). */
type OwnSettings<S extends z.ZodObject> = keyof S["shape"] extends never ? unknown : z.input<S>;

/** The consensus protocol's options. */
export type ConsensusOptions = ProtocolOptions["consensus"];

/** `createJudge({ protocol, …options })`: the protocol picks which options are allowed. */
export type CreateJudgeOptions = { [P in ProtocolId]: { protocol: P } & ProtocolOptions[P] }[ProtocolId];

const CONFIGURATION_KEYS = new Set([...Object.keys(ConfigurationSchema.shape), ...PROTOCOL_IDS.flatMap((id) => Object.keys(PROTOCOLS[id].settings.shape))]);

/** A chat model object (anything with `invoke`), as opposed to a model spec. */
export function isChatModel(value: unknown): value is BaseChatModel {
  return typeof value === "object" && value !== null && typeof (value as { invoke?: unknown }).invoke === "function";
}

/** The graph's `configurable` for these options: known settings only; a model object travels as `chatModel`. */
export function toConfigurable(options: JudgeOptions): Record<string, unknown> {
  const configurable: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined || !CONFIGURATION_KEYS.has(key)) continue;
    if (key === "model" && isChatModel(value)) configurable.chatModel = value;
    else configurable[key] = value;
  }
  return configurable;
}

/** Whether these options ask the consensus graph to pause for a human reviewer. */
export function wantsHumanReview(settings: Readonly<Record<string, unknown>>): boolean {
  return settings.humanReview === true;
}

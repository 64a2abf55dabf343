import type { RunnableConfig } from "@langchain/core/runnables";
import { z } from "zod";
import { ConfigurationSchema, type Configuration } from "../../judges/configuration.js";
import { ensureConfiguration, extendConfiguration } from "../../judges/run-configuration.js";
import { protocolSettings } from "../../judges/protocol-settings.js";
import { ConfigError } from "../../judges/config-error.js";
import type { Rubric } from "../../rubrics/schema.js";
import { CONSENSUS, CONSENSUS_DEFAULTS as D } from "./defaults.js";

const Pair = (what: string) => z.object({ strict: z.number().describe(`strict agent's ${what}`), generous: z.number().describe(`generous agent's ${what}`) });

/** The consensus protocol's own settings, with the defaults of docs/protocols.md#consensus. */
export const ConsensusSettingsSchema = z.object({
  tolerance: z.number().min(0).default(D.tolerance).describe("Agreement when |strict − generous| ≤ tolerance on the overall score"),
  maxRounds: z.number().int().min(1).default(D.maxRounds).describe("Rounds in all, the independent one included (2 = at most one debate round)"),
  weights: Pair("weight in the final score")
    .refine((w) => w.strict >= 0 && w.generous >= 0 && Math.abs(w.strict + w.generous - 1) <= 1e-9, "weights must be ≥ 0 and sum to 1")
    .default({ ...D.weights })
    .describe("Weights of strict and generous in the final score, summing to 1"),
  bias: Pair("bias added in code to an LLM's round-1 scores").default({ ...D.bias }).describe("Bias added in code to each LLM agent's round-1 scores"),
  offlineBias: Pair("bias applied by the offline judge").default({ ...D.offlineBias }).describe("Bias the offline judge applies to each agent's scores"),
  refinementCap: z.number().min(0).default(D.refinementCap).describe("Largest upward move of a strict score in one debate round"),
  generousMove: z.number().min(0).max(1).default(D.generousMove).describe("Share of the distance generous moves toward strict in one debate round"),
  maxContentChars: z.number().int().positive().default(D.maxContentChars).describe("Characters of content the agents see; longer content is truncated"),
  humanReview: z.boolean().default(D.humanReview).describe("Pause for a human reviewer's decision (accept or override) when the debate ends without agreement"),
});
export type ConsensusSettings = z.infer<typeof ConsensusSettingsSchema>;

/** What the consensus graph can be configured with (its context schema in Studio). */
export const ConsensusConfigurationSchema = ConfigurationSchema.extend(ConsensusSettingsSchema.shape);

export interface Bounds {
  min: number;
  max: number;
}

export interface ConsensusConfiguration extends Configuration {
  settings: ConsensusSettings;
  /** The rubric's score range: every score is clamped to it. */
  bounds: Bounds;
}

/** The score range of a continuous rubric; the consensus arithmetic (±0.5, +0.3) needs one. */
export function scoreBounds(rubric: Rubric): Bounds {
  if (rubric.scale.kind !== "continuous") {
    throw new ConfigError(`the consensus protocol needs a rubric with a continuous scale (e.g. 1–5); rubric ${rubric.id} has a ${rubric.scale.kind} scale: use --rubric customer-service-5 or candidate-skills`);
  }
  return { min: rubric.scale.min, max: rubric.scale.max };
}

/** The consensus settings alone (no model, no rubric): what the pure nodes and the router need. */
export function consensusSettings(config: RunnableConfig | undefined): ConsensusSettings {
  return protocolSettings(config, ConsensusSettingsSchema, CONSENSUS.protocol);
}

/** Every default of the consensus graph, from `config.configurable` (and `config.context`), in one place. */
export function ensureConsensusConfiguration(config: RunnableConfig | undefined): ConsensusConfiguration {
  const base = ensureConfiguration(config, CONSENSUS);
  return extendConfiguration(base, { settings: consensusSettings(config), bounds: scoreBounds(base.rubric) });
}

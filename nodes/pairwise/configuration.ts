import type { RunnableConfig } from "@langchain/core/runnables";
import { z } from "zod";
import { ConfigurationSchema, type Configuration } from "../../judges/configuration.js";
import { protocolSettings } from "../../judges/protocol-settings.js";
import { ensureConfiguration, extendConfiguration } from "../../judges/run-configuration.js";
import { checkPairwiseRubric, PAIRWISE, PAIRWISE_DEFAULTS as D } from "./defaults.js";

/** The pairwise protocol's own settings, with the defaults of docs/protocols.md#pairwise. */
export const PairwiseSettingsSchema = z.object({
  margin: z.number().min(0).max(1).default(D.margin).describe("Offline judge: a side is preferred only when its quality (0–1) is higher by more than this; otherwise a tie"),
  critiqueRounds: z
    .number()
    .int()
    .min(0)
    .max(1)
    .default(D.critiqueRounds)
    .describe("Reconsideration rounds when the (A,B) and (B,A) judgements disagree; still inconsistent afterwards → a tie for position bias"),
  offlinePositionBias: z.number().min(0).default(D.offlinePositionBias).describe("Offline judge: quality added to the dialogue shown first (to exercise the reconsideration path)"),
});
export type PairwiseSettings = z.infer<typeof PairwiseSettingsSchema>;

/** What the pairwise graph can be configured with (its context schema in Studio). */
export const PairwiseConfigurationSchema = ConfigurationSchema.extend(PairwiseSettingsSchema.shape);

export interface PairwiseConfiguration extends Configuration {
  settings: PairwiseSettings;
}

/** The pairwise settings alone (no model, no rubric): what the pure nodes and the router need. */
export function pairwiseSettings(config: RunnableConfig | undefined): PairwiseSettings {
  return protocolSettings(config, PairwiseSettingsSchema, PAIRWISE.protocol);
}

/** Every default of the pairwise graph, from `config.configurable` (and `config.context`), in one place. */
export function ensurePairwiseConfiguration(config: RunnableConfig | undefined): PairwiseConfiguration {
  const base = ensureConfiguration(config, PAIRWISE);
  checkPairwiseRubric(base.rubric);
  return extendConfiguration(base, { settings: pairwiseSettings(config) });
}

import { readFileSync } from "node:fs";
import { z } from "zod";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { clamp } from "../../scoring/numbers.js";
import { extractFeatures, FEATURE_NAMES, type DialogueFeatures, type FeatureEvidence, type FeatureName } from "./features/index.js";

const SCALED_INPUTS = ["assistantLength", "userLength", "dialogueLength"] as const;
export type InputName = FeatureName | (typeof SCALED_INPUTS)[number];
const INPUT_NAMES: readonly string[] = [...FEATURE_NAMES, ...SCALED_INPUTS];

const CriterionModel = z.object({
  intercept: z.number(),
  coefficients: z.record(z.string().refine((k) => INPUT_NAMES.includes(k), "unknown offline judge input"), z.number()),
});
export const OfflineWeights = z.object({
  description: z.string(),
  source: z.string(),
  date: z.string(),
  criteria: z.record(z.string(), CriterionModel).refine((c) => "*" in c, "a `*` model for other criteria is required"),
});
export type OfflineWeights = z.infer<typeof OfflineWeights>;

const WEIGHTS_FILE = new URL("./weights.json", import.meta.url);
let shipped: OfflineWeights | undefined;

/** The shipped coefficients (judges/offline/weights.json), validated once. */
export function offlineWeights(): OfflineWeights {
  shipped ??= OfflineWeights.parse(JSON.parse(readFileSync(WEIGHTS_FILE, "utf8")));
  return shipped;
}

export interface Inputs {
  values: Record<InputName, number>;
  evidence: Partial<Record<InputName, FeatureEvidence[]>>;
}

const WORDS_FOR_FULL_LENGTH = 30;
const TURNS_FOR_FULL_LENGTH = 30;

/** The features plus length inputs scaled to [0, 1]. */
export function modelInputs(dialogue: Dialogue, features: DialogueFeatures = extractFeatures(dialogue)): Inputs {
  const values = Object.fromEntries(FEATURE_NAMES.map((n) => [n, features[n].value])) as Record<InputName, number>;
  values.assistantLength = Math.min(features.avgAssistantWords.value, WORDS_FOR_FULL_LENGTH) / WORDS_FOR_FULL_LENGTH;
  values.userLength = Math.min(features.avgUserWords.value, WORDS_FOR_FULL_LENGTH) / WORDS_FOR_FULL_LENGTH;
  values.dialogueLength = Math.min(features.turnCount.value, TURNS_FOR_FULL_LENGTH) / TURNS_FOR_FULL_LENGTH;
  const evidence = Object.fromEntries(FEATURE_NAMES.map((n) => [n, features[n].evidence])) as Inputs["evidence"];
  return { values, evidence };
}

export interface Contribution {
  input: InputName;
  amount: number;
  evidence: FeatureEvidence[];
}

export interface CriterionQuality {
  /** In [0, 1]. */
  quality: number;
  /** Inputs that moved the quality, largest effect first. */
  contributions: Contribution[];
}

export function criterionQuality(criterion: string, inputs: Inputs, weights: OfflineWeights = offlineWeights()): CriterionQuality {
  const model = weights.criteria[criterion] ?? (weights.criteria["*"] as z.infer<typeof CriterionModel>);
  let sum = model.intercept;
  const contributions: Contribution[] = [];
  for (const [name, coefficient] of Object.entries(model.coefficients)) {
    const input = name as InputName;
    const amount = coefficient * inputs.values[input];
    sum += amount;
    if (amount !== 0) contributions.push({ input, amount, evidence: inputs.evidence[input] ?? [] });
  }
  contributions.sort((a, b) => Math.abs(b.amount) - Math.abs(a.amount));
  return { quality: clamp(sum, 0, 1), contributions };
}

import { readFileSync } from "node:fs";
import { z } from "zod";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { extractFeatures, FEATURE_NAMES, judgedTurns, type DialogueFeatures, type FeatureEvidence, type FeatureName } from "../../evidence/cues/index.js";
import { predictTurns, turnQuality, type TurnRating } from "./turn-model.js";

const SCALED_INPUTS = ["assistantLength", "userLength", "dialogueLength"] as const;
/** Inputs read by the learned turn model (judges/offline/turn-model.ts). */
const LEARNED_INPUTS = ["turnQuality"] as const;
export type InputName = FeatureName | (typeof SCALED_INPUTS)[number] | (typeof LEARNED_INPUTS)[number];
const INPUT_NAMES: readonly string[] = [...FEATURE_NAMES, ...SCALED_INPUTS, ...LEARNED_INPUTS];

export const LinearModel = z.object({
  intercept: z.number(),
  coefficients: z.record(z.string().refine((k) => INPUT_NAMES.includes(k), "unknown offline judge input"), z.number()),
});
export type LinearModel = z.infer<typeof LinearModel>;

export const OfflineWeights = z.object({
  description: z.string(),
  source: z.string(),
  date: z.string(),
  /** Cross-validated agreement of the fitted judge, as printed by the fit script. */
  cv: z.record(z.string(), z.unknown()).optional(),
  /** Mean of each input over the fitting data: contributions are ranked by their distance from it. */
  inputMeans: z.record(z.string(), z.number()).default({}),
  /** Fitted to human ratings: the predicted satisfaction, as a quality in [0, 1], shared by every criterion. */
  shared: LinearModel,
  /** Hand-set, per criterion: what makes this criterion differ from the shared prediction. */
  criteria: z.record(z.string(), LinearModel).refine((c) => "*" in c, "a `*` model for other criteria is required"),
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
// Every role of one dialogue reads the same inputs: computed once per dialogue object (dialogues are never mutated).
const inputsCache = new WeakMap<Dialogue, Inputs>();

export function modelInputs(dialogue: Dialogue): Inputs {
  let inputs = inputsCache.get(dialogue);
  if (!inputs) {
    // One set of judged turns for the features and the turn model, so each turn's valence is computed once.
    const turns = judgedTurns(dialogue);
    inputs = inputsFromFeatures(extractFeatures(dialogue, turns), predictTurns(turns));
    inputsCache.set(dialogue, inputs);
  }
  return inputs;
}

/** The reply the turn model rated lowest and highest: what the learned input quotes. */
function turnEvidence(ratings: readonly TurnRating[]): FeatureEvidence[] {
  const replies = ratings.filter((r) => r.pair.reply.trim() !== "");
  if (replies.length === 0) return [];
  const sorted = [...replies].sort((a, b) => a.rating - b.rating || a.pair.turn - b.pair.turn);
  const quote = (r: TurnRating): FeatureEvidence => ({ turn: r.pair.turn, speaker: "assistant", text: r.pair.reply, cue: `predicted turn rating ${r.rating.toFixed(1)} of 5` });
  const lowest = sorted[0] as TurnRating;
  const highest = sorted[sorted.length - 1] as TurnRating;
  return lowest === highest ? [quote(lowest)] : [quote(lowest), quote(highest)];
}

export function inputsFromFeatures(features: DialogueFeatures, turns: readonly TurnRating[] = []): Inputs {
  const values = Object.fromEntries(FEATURE_NAMES.map((n) => [n, features[n].value])) as Record<InputName, number>;
  values.assistantLength = Math.min(features.avgAssistantWords.value, WORDS_FOR_FULL_LENGTH) / WORDS_FOR_FULL_LENGTH;
  values.userLength = Math.min(features.avgUserWords.value, WORDS_FOR_FULL_LENGTH) / WORDS_FOR_FULL_LENGTH;
  values.dialogueLength = Math.min(features.turnCount.value, TURNS_FOR_FULL_LENGTH) / TURNS_FOR_FULL_LENGTH;
  values.turnQuality = turnQuality(turns);
  const evidence = Object.fromEntries(FEATURE_NAMES.map((n) => [n, features[n].evidence])) as Inputs["evidence"];
  evidence.turnQuality = turnEvidence(turns);
  return { values, evidence };
}

export interface Contribution {
  input: InputName;
  /** Effect on the quality compared with a typical dialogue: negative lowered it. */
  amount: number;
  evidence: FeatureEvidence[];
  /** The input belongs to the criterion's own (hand-set) model, not only to the shared prediction. */
  specific: boolean;
}

export interface CriterionQuality {
  /** In [0, 1]. */
  quality: number;
  /** Inputs that moved the quality, largest effect first. */
  contributions: Contribution[];
}

/**
 * Value of a linear model on the inputs, and each input's effect compared with a typical dialogue
 * (coefficient × (value − mean)): what made this dialogue score higher or lower than usual.
 */
export function applyLinear(model: LinearModel, inputs: Inputs, means: Readonly<Record<string, number>> = {}): { value: number; effects: Map<InputName, number> } {
  let value = model.intercept;
  const effects = new Map<InputName, number>();
  for (const [name, coefficient] of Object.entries(model.coefficients)) {
    const input = name as InputName;
    value += coefficient * inputs.values[input];
    effects.set(input, coefficient * (inputs.values[input] - (means[input] ?? 0)));
  }
  return { value, effects };
}

/** Slope of `intoUnit` at its centre: 1, so qualities in the middle of the range stay as they are. */
const SQUASH = 4;

/**
 * A prediction mapped into (0, 1) monotonically: about the identity around 0.5, and never cut at
 * the ends, so two dialogues predicted 1.2 and 1.5 keep their order instead of tying at 1.
 */
export function intoUnit(value: number): number {
  return 1 / (1 + Math.exp(-SQUASH * (value - 0.5)));
}

/** Quality of one criterion: the shared fitted prediction plus the criterion's own adjustments. */
export function criterionQuality(criterion: string, inputs: Inputs, weights: OfflineWeights = offlineWeights()): CriterionQuality {
  const own = weights.criteria[criterion] ?? (weights.criteria["*"] as LinearModel);
  const shared = applyLinear(weights.shared, inputs, weights.inputMeans);
  const adjustment = applyLinear(own, inputs, weights.inputMeans);
  const totals = new Map(shared.effects);
  for (const [input, amount] of adjustment.effects) totals.set(input, (totals.get(input) ?? 0) + amount);
  const contributions = [...totals]
    .filter(([, amount]) => amount !== 0)
    .map(([input, amount]) => ({ input, amount, evidence: inputs.evidence[input] ?? [], specific: adjustment.effects.has(input) }))
    .sort((a, b) => Math.abs(b.amount) - Math.abs(a.amount));
  return { quality: intoUnit(shared.value + adjustment.value), contributions };
}

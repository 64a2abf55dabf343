import { readFileSync } from "node:fs";
import { z } from "zod";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { extractFeatures, FEATURE_NAMES, judgedTurns, type DialogueFeatures, type FeatureEvidence, type FeatureName } from "../../evidence/cues/index.js";
import { predictTurns, TURN_INPUTS, turnInputs, type TurnInput, type TurnRating } from "./turn-model.js";

const SCALED_INPUTS = ["assistantLength", "userLength", "dialogueLength"] as const;
export type InputName = FeatureName | (typeof SCALED_INPUTS)[number] | TurnInput;
export const INPUT_NAMES: readonly InputName[] = [...FEATURE_NAMES, ...SCALED_INPUTS, ...TURN_INPUTS];

export const LinearModel = z.object({
  intercept: z.number(),
  coefficients: z.record(z.string().refine((k) => (INPUT_NAMES as readonly string[]).includes(k), "unknown offline judge input"), z.number()),
});
export type LinearModel = z.infer<typeof LinearModel>;

/**
 * A criterion's own model: how much of the shared prediction it follows, and its own signals. Its
 * coefficients are per standard deviation of the input (`inputScales`), read around the input's
 * mean, so a hand-set 0.1 moves the quality by 0.1 for a dialogue one SD above a typical one.
 */
export const CriterionModel = LinearModel.extend({
  /** Share of the shared prediction's deviation from a typical dialogue that the criterion follows (1: all of it). */
  sharedShare: z.number().min(0).max(1).default(1),
});
export type CriterionModel = z.output<typeof CriterionModel>;

export const OfflineWeights = z.object({
  description: z.string(),
  source: z.string(),
  date: z.string(),
  /** Cross-validated agreement of the fitted judge, as printed by the fit script. */
  cv: z.record(z.string(), z.unknown()).optional(),
  /** Mean of each input over the fitting data: contributions are ranked by their distance from it. */
  inputMeans: z.record(z.string(), z.number()).default({}),
  /** Standard deviation of each input over the fitting data: the unit of the criteria's coefficients. */
  inputScales: z.record(z.string(), z.number().positive()).default({}),
  /** Fitted to human ratings: the predicted satisfaction, as a quality in [0, 1], shared by every criterion. */
  shared: LinearModel,
  /** Hand-set, per criterion: how much of the shared prediction it follows, and its own signals, read around their means. */
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

const quoteReply = (r: TurnRating, rating: number): FeatureEvidence => ({ turn: r.pair.turn, speaker: "assistant", text: r.pair.reply, cue: `predicted turn rating ${rating.toFixed(1)} of 5` });

/** The replies rated lowest and highest by `ratingOf`: what an input read from turn ratings quotes. */
function lowestAndHighest(ratings: readonly TurnRating[], ratingOf: (r: TurnRating) => number | undefined): FeatureEvidence[] {
  const replies = ratings.filter((r) => r.pair.reply.trim() !== "" && ratingOf(r) !== undefined);
  if (replies.length === 0) return [];
  const sorted = [...replies].sort((a, b) => (ratingOf(a) as number) - (ratingOf(b) as number) || a.pair.turn - b.pair.turn);
  const lowest = sorted[0] as TurnRating;
  const highest = sorted[sorted.length - 1] as TurnRating;
  const quote = (r: TurnRating) => quoteReply(r, ratingOf(r) as number);
  return lowest === highest ? [quote(lowest)] : [quote(lowest), quote(highest)];
}

/** What each learned input quotes. */
function turnEvidence(ratings: readonly TurnRating[]): Record<TurnInput, FeatureEvidence[]> {
  const withReply = ratings.filter((r) => r.pair.reply.trim() !== "");
  const lowest = lowestAndHighest(ratings, (r) => r.rating);
  const closing = withReply.slice(-1).map((r) => quoteReply(r, r.rating));
  return { turnQuality: lowest, replyQuality: lowestAndHighest(ratings, (r) => r.replyRating), closingQuality: closing, worstTurnQuality: lowest.slice(0, 1) };
}

export function inputsFromFeatures(features: DialogueFeatures, turns: readonly TurnRating[] = []): Inputs {
  const values = Object.fromEntries(FEATURE_NAMES.map((n) => [n, features[n].value])) as Record<InputName, number>;
  values.assistantLength = Math.min(features.avgAssistantWords.value, WORDS_FOR_FULL_LENGTH) / WORDS_FOR_FULL_LENGTH;
  values.userLength = Math.min(features.avgUserWords.value, WORDS_FOR_FULL_LENGTH) / WORDS_FOR_FULL_LENGTH;
  values.dialogueLength = Math.min(features.turnCount.value, TURNS_FOR_FULL_LENGTH) / TURNS_FOR_FULL_LENGTH;
  Object.assign(values, turnInputs(turns));
  const evidence: Inputs["evidence"] = { ...Object.fromEntries(FEATURE_NAMES.map((n) => [n, features[n].evidence])), ...turnEvidence(turns) };
  return { values, evidence };
}

export interface Contribution {
  input: InputName;
  /** Effect on the quality compared with a typical dialogue: negative lowered it. */
  amount: number;
  evidence: FeatureEvidence[];
  /** The input belongs to the criterion's own (hand-set) model, not only to the shared prediction. */
  specific: boolean;
  /** The input is above its mean: the evidence of a count shows it happening, a turn rating's its highest reply. */
  above: boolean;
}

export interface CriterionQuality {
  /** In [0, 1]. */
  quality: number;
  /** Inputs that moved the quality, largest effect first. */
  contributions: Contribution[];
}

/** How far past its typical range a criterion's own signal can count: a cue that fires once in a hundred dialogues is not worth 30 SDs. */
const MAX_STANDARD_SCORE = 3;

/**
 * Value of a linear model on the inputs, and each input's effect compared with a typical dialogue:
 * coefficient × (value − mean), or coefficient × standard score when `scales` are given (clipped to
 * ±3), what made this dialogue score higher or lower than usual.
 */
export function applyLinear(model: LinearModel, inputs: Inputs, means: Readonly<Record<string, number>> = {}, scales?: Readonly<Record<string, number>>): { value: number; effects: Map<InputName, number> } {
  let value = model.intercept;
  const effects = new Map<InputName, number>();
  for (const [name, coefficient] of Object.entries(model.coefficients)) {
    const input = name as InputName;
    const deviation = inputs.values[input] - (means[input] ?? 0);
    const effect = scales ? coefficient * Math.max(-MAX_STANDARD_SCORE, Math.min(MAX_STANDARD_SCORE, deviation / (scales[input] ?? 1))) : coefficient * deviation;
    value += scales ? effect : coefficient * inputs.values[input];
    effects.set(input, effect);
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

/**
 * Quality of one criterion: the part of the shared fitted prediction it follows (`sharedShare` of its
 * deviation from a typical dialogue), plus its own signals, read around their means.
 */
export function criterionQuality(criterion: string, inputs: Inputs, weights: OfflineWeights = offlineWeights()): CriterionQuality {
  const own = weights.criteria[criterion] ?? (weights.criteria["*"] as CriterionModel);
  const shared = applyLinear(weights.shared, inputs, weights.inputMeans);
  const adjustment = applyLinear(own, inputs, weights.inputMeans, weights.inputScales);
  const totals = new Map<InputName, number>();
  let sharedDeviation = 0;
  for (const [input, amount] of shared.effects) {
    sharedDeviation += amount;
    totals.set(input, own.sharedShare * amount);
  }
  for (const [input, amount] of adjustment.effects) totals.set(input, (totals.get(input) ?? 0) + amount);
  const contributions = [...totals]
    .filter(([, amount]) => amount !== 0)
    .map(([input, amount]) => ({ input, amount, evidence: inputs.evidence[input] ?? [], specific: adjustment.effects.has(input), above: inputs.values[input] > (weights.inputMeans[input] ?? 0) }))
    .sort((a, b) => Math.abs(b.amount) - Math.abs(a.amount));
  const typical = shared.value - sharedDeviation;
  return { quality: intoUnit(typical + own.sharedShare * sharedDeviation + adjustment.value), contributions };
}

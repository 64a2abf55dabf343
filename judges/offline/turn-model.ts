import { readFileSync } from "node:fs";
import { z } from "zod";
import type { NumberedTurn } from "../../evidence/cues/evidence.js";
import { LEXICONS } from "../../evidence/cues/lexicons.js";
import { findCues, jaccard, tokens } from "../../evidence/cues/match.js";
import { valenceOf } from "../../evidence/cues/sentiment.js";

/**
 * The learned part of the offline judge: how satisfied a user is after each assistant reply, read
 * from the reply's words, the user's reaction to it and a few turn signals, as USS raters judged
 * every turn (3–6 ratings per USER line of the preceding SYSTEM turn). Text is represented by hashed
 * unigrams (`A:` the reply, `U:` the reaction) and named turn signals (`F:`), one sparse vector per
 * turn, L2-normalised; a ridge model maps it to the mean turn rating (1–5). A reply nobody reacted
 * to (the dialogue's last turn) is read by a second model fitted on the reply's side alone.
 */

/** Sparse features: bucket → value. */
export type TurnRow = Map<number, number>;

/** Turn signals that mean the same in any domain, scaled to about [0, 1]. */
const SIGNALS = ["replyRepeats", "replyAsks", "replyLength", "replyEmpty", "reactionPositive", "reactionNegative", "reactionLength", "reactionNegation", "reactionThanks", "reactionAsks"] as const;
const REPLY_SIGNALS: ReadonlySet<string> = new Set(["replyRepeats", "replyAsks", "replyLength", "replyEmpty"]);
const NEGATIONS: ReadonlySet<string> = new Set(["no", "not", "dont", "didnt", "isnt", "doesnt", "cant", "wont", "wrong", "never", "nothing"]);
const WORDS_FOR_FULL_LENGTH = 30;
/** Two replies sharing this much of their words: the assistant repeats itself. */
const REPEAT_OVERLAP = 0.6;

/** FNV-1a, 32 bits: a stable bucket for a feature name. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** One assistant reply and the user's reaction to it (undefined when nobody reacted). */
export interface TurnPair {
  /** 1-based turn number of the reply (of the reaction when the user spoke first). */
  turn: number;
  reply: string;
  reaction: string | undefined;
  /** The reaction's turn, whose valence the features share (computed once per turn). */
  reactionTurn?: NumberedTurn;
  /** The reply repeats an earlier reply of the assistant. */
  repeats: boolean;
}

/**
 * The dialogue as reply/reaction pairs, as USS rates them: each user turn with the assistant turn
 * before it ("" when the user spoke first), and a last assistant turn nobody reacted to.
 */
export function turnPairs(turns: readonly NumberedTurn[]): TurnPair[] {
  const pairs: TurnPair[] = [];
  const earlier: Set<string>[] = [];
  let reply = "";
  let replyTurn = 0;
  let repeats = false;
  let answered = true;
  for (const t of turns) {
    if (t.speaker === "assistant") {
      const words = new Set(tokens(t.text));
      repeats = earlier.some((w) => jaccard(w, words) >= REPEAT_OVERLAP);
      earlier.push(words);
      reply = t.text;
      replyTurn = t.turn;
      answered = false;
      continue;
    }
    pairs.push({ turn: replyTurn || t.turn, reply, reaction: t.text, reactionTurn: t, repeats });
    answered = true;
  }
  if (!answered) pairs.push({ turn: replyTurn, reply, reaction: undefined, repeats });
  return pairs;
}

function signals(pair: TurnPair): Record<(typeof SIGNALS)[number], number> {
  const reply = tokens(pair.reply);
  const reaction = tokens(pair.reaction ?? "");
  const valence = pair.reactionTurn ? valenceOf(pair.reactionTurn) : 0;
  return {
    replyRepeats: pair.repeats ? 1 : 0,
    replyAsks: /\?\s*$/.test(pair.reply) ? 1 : 0,
    replyLength: Math.min(reply.length, WORDS_FOR_FULL_LENGTH) / WORDS_FOR_FULL_LENGTH,
    replyEmpty: reply.length === 0 ? 1 : 0,
    reactionPositive: Math.max(0, valence),
    reactionNegative: Math.max(0, -valence),
    reactionLength: Math.min(reaction.length, WORDS_FOR_FULL_LENGTH) / WORDS_FOR_FULL_LENGTH,
    reactionNegation: reaction.some((w) => NEGATIONS.has(w)) ? 1 : 0,
    reactionThanks: reaction.some((w) => w.startsWith("thank")) ? 1 : 0,
    reactionAsks: pair.reaction?.includes("?") ? 1 : 0,
  };
}

/** The word n-grams of a text, up to `n` words long. */
function grams(text: string, n: number): string[] {
  const words = tokens(text);
  const out = [...words];
  for (let size = 2; size <= n; size++) for (let i = 0; i + size <= words.length; i++) out.push(words.slice(i, i + size).join(" "));
  return out;
}

/** The pair's sparse features in `2^bits` buckets (word n-grams up to `ngrams` long); `replyOnly` leaves out the reaction's side. */
export function turnRow(pair: TurnPair, bits: number, replyOnly = false, ngrams = 1): TurnRow {
  const size = 2 ** bits;
  const row: TurnRow = new Map();
  const add = (name: string, value: number) => {
    if (value === 0) return;
    const bucket = hash(name) % size;
    row.set(bucket, (row.get(bucket) ?? 0) + value);
  };
  for (const g of grams(pair.reply, ngrams)) add(`A:${g}`, 1);
  if (!replyOnly) for (const g of grams(pair.reaction ?? "", ngrams)) add(`U:${g}`, 1);
  for (const [name, value] of Object.entries(signals(pair))) if (!replyOnly || REPLY_SIGNALS.has(name)) add(`F:${name}`, value);
  const norm = Math.sqrt([...row.values()].reduce((s, v) => s + v * v, 0)) || 1;
  for (const [bucket, value] of row) row.set(bucket, value / norm);
  return row;
}

export const SparseLinear = z.object({
  intercept: z.number(),
  /** One weight per bucket, `2^bits` of them. */
  weights: z.array(z.number()),
});
export type SparseLinear = z.infer<typeof SparseLinear>;

export const TurnModel = z
  .object({
    description: z.string(),
    source: z.string(),
    bits: z.number().int().min(4).max(20),
    /** Longest word n-gram read (1: words only). */
    ngrams: z.number().int().min(1).max(3).default(1),
    lambda: z.number().positive(),
    /** Reply and reaction: a turn the user reacted to. */
    full: SparseLinear,
    /** The reply alone: a last assistant turn nobody reacted to. */
    replyOnly: SparseLinear,
    /**
     * Each side's 1st percentile over its training turns: the rating of a reply that brushes the user
     * off ("not my problem"). USS assistants never do, so the model cannot learn it; unset: no cap.
     */
    lowest: z.object({ full: z.number(), replyOnly: z.number() }).optional(),
  })
  .refine((m) => m.full.weights.length === 2 ** m.bits && m.replyOnly.weights.length === 2 ** m.bits, "weights: one per bucket (2^bits)");
export type TurnModel = z.output<typeof TurnModel>;

export function applySparse(model: SparseLinear, row: TurnRow): number {
  let value = model.intercept;
  for (const [bucket, x] of row) value += (model.weights[bucket] ?? 0) * x;
  return value;
}

const TURN_MODEL_FILE = new URL("./turn-model.json", import.meta.url);
let shipped: TurnModel | undefined;

/** The shipped turn model (judges/offline/turn-model.json), validated once. */
export function shippedTurnModel(): TurnModel {
  shipped ??= TurnModel.parse(JSON.parse(readFileSync(TURN_MODEL_FILE, "utf8")));
  return shipped;
}

/** One reply's predicted turn rating (1–5). */
export interface TurnRating {
  pair: TurnPair;
  /** The turn as read with the user's reaction (the reply alone for a last reply nobody reacted to). */
  rating: number;
  /** The reply alone, whatever the user said next (undefined for an empty reply). */
  replyRating: number | undefined;
}

/** The predicted rating of every reply of a dialogue, in order. */
export function predictTurns(turns: readonly NumberedTurn[], model: TurnModel = shippedTurnModel()): TurnRating[] {
  return ratePairs(turnPairs(turns), model);
}

/** The predicted rating of each pair; `row` reads a pair's features (the fit passes a cached `turnRow`). */
export function ratePairs(pairs: readonly TurnPair[], model: TurnModel, row: typeof turnRow = turnRow): TurnRating[] {
  return pairs.map((pair) => {
    const lowest = model.lowest && findCues(pair.reply, LEXICONS.assistantDismissive).length > 0 ? model.lowest : undefined;
    const alone = atMost(applySparse(model.replyOnly, row(pair, model.bits, true, model.ngrams)), lowest?.replyOnly);
    const rating = pair.reaction === undefined ? alone : atMost(applySparse(model.full, row(pair, model.bits, false, model.ngrams)), lowest?.full);
    return { pair, rating, replyRating: pair.reply.trim() === "" ? undefined : alone };
  });
}

const atMost = (value: number, cap: number | undefined) => (cap === undefined ? value : Math.min(value, cap));

/** The learned inputs the offline judge reads from the predicted turn ratings, each a quality in [0, 1]. */
export const TURN_INPUTS = ["turnQuality", "replyQuality", "closingQuality", "worstTurnQuality"] as const;
export type TurnInput = (typeof TURN_INPUTS)[number];

/** How many exchanges at the end make the dialogue's close. */
const CLOSING_EXCHANGES = 2;

const ratingToQuality = (rating: number) => (rating - 1) / 4;
const meanOf = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / values.length;

/**
 * From the predicted turn ratings of the replies (0.5 for a dialogue without replies):
 * - `turnQuality`: every exchange, reply and reaction (the shared prediction's main input);
 * - `replyQuality`: the replies alone, as answers, whatever the user said next (Helpfulness);
 * - `closingQuality`: the last exchanges, where the task ends done or undone (TaskSuccess);
 * - `worstTurnQuality`: the lowest exchange, a breakdown one good turn cannot make up for (Understanding).
 */
export function turnInputs(all: readonly TurnRating[]): Record<TurnInput, number> {
  // An opening the user speaks before any reply rates the problem they bring, not the assistant.
  const ratings = all.filter((r) => r.pair.reply.trim() !== "");
  if (ratings.length === 0) return { turnQuality: 0.5, replyQuality: 0.5, closingQuality: 0.5, worstTurnQuality: 0.5 };
  const replies = ratings.flatMap((r) => (r.replyRating === undefined ? [] : [r.replyRating]));
  return {
    turnQuality: ratingToQuality(meanOf(ratings.map((r) => r.rating))),
    replyQuality: replies.length === 0 ? 0.5 : ratingToQuality(meanOf(replies)),
    closingQuality: ratingToQuality(meanOf(ratings.slice(-CLOSING_EXCHANGES).map((r) => r.rating))),
    worstTurnQuality: ratingToQuality(Math.min(...ratings.map((r) => r.rating))),
  };
}

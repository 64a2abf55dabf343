/**
 * A pair of dialogues travels through the one-dialogue judge path (api/, runs/) as a Dialogue
 * subtype: its id is the pair's id and its turns are both sides' turns, so the size, injection and
 * language checks read both; the sides themselves ride along under `pair`.
 */
import { z } from "zod";
import { Dialogue, type Turn } from "../../dialogues/dialogue.js";

export const PairSides = z.object({ a: Dialogue, b: Dialogue });
export type PairSides = z.infer<typeof PairSides>;

export const PairDialogue = Dialogue.extend({ pair: PairSides });
export type PairDialogue = z.infer<typeof PairDialogue>;

/** A side without its human ratings: labels are never judge input. */
export function unlabelled(dialogue: Dialogue): Dialogue {
  const turns = dialogue.turns.map(({ ratings: _ratings, ...turn }): Turn => turn);
  const { overallRatings: _overall, ...rest } = dialogue;
  return { ...rest, turns };
}

/** The pair as one Dialogue: `id` the pair's, `turns` A's then B's, ratings stripped. */
export function pairDialogue(id: string | number, a: Dialogue, b: Dialogue, source?: Dialogue["source"]): PairDialogue {
  const sides = { a: unlabelled(a), b: unlabelled(b) };
  const pair: PairDialogue = { id, turns: [...sides.a.turns, ...sides.b.turns], pair: sides };
  return source ? { ...pair, source } : pair;
}

export function isPairDialogue(dialogue: Dialogue): dialogue is PairDialogue {
  return PairSides.safeParse((dialogue as { pair?: unknown }).pair).success;
}

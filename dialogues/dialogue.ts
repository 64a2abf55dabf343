import { z } from "zod";

/** Who speaks a turn. USS `SYSTEM` and chat `assistant` are both the assistant. */
export const Speaker = z.enum(["user", "assistant"]);
export type Speaker = z.infer<typeof Speaker>;

/** Human satisfaction ratings (1–5, one per rater). Labels only: never formatted into a prompt. */
export const Ratings = z.array(z.number().int().min(1).max(5)).min(1);

export const Turn = z.object({
  speaker: Speaker,
  text: z.string(),
  /** Dialogue act or annotation column of USS files (e.g. `ENTITY_NAME+MOVIE_OR_SERIES`). */
  act: z.string().optional(),
  ratings: Ratings.optional(),
});
export type Turn = z.infer<typeof Turn>;

export const Dialogue = z.object({
  /** The id given in the source, or the dialogue's 0-based position in its file. */
  id: z.union([z.string().min(1), z.number().int().nonnegative()]),
  turns: z.array(Turn).min(1),
  /** Dialogue-level human ratings (the USS `OVERALL` line). Labels only. */
  overallRatings: Ratings.optional(),
  /** A system prompt given to the assistant in a chat transcript, kept as context. */
  systemPrompt: z.string().optional(),
  /** Where the dialogue came from, for error messages and joins. */
  source: z.object({ file: z.string(), line: z.number().int().positive() }).optional(),
});
export type Dialogue = z.infer<typeof Dialogue>;

export function meanOverallRating(dialogue: Dialogue): number | undefined {
  const ratings = dialogue.overallRatings;
  if (!ratings || ratings.length === 0) return undefined;
  return ratings.reduce((sum, r) => sum + r, 0) / ratings.length;
}

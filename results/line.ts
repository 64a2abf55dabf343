import { z } from "zod";
import { Dialogue } from "../dialogues/dialogue.js";
import { obj, type Json } from "./fields.js";
import { ResultMeta, ResultSource } from "./meta.js";

/**
 * The fields every result line has, whatever its protocol: what a results file is parsed with; the
 * rest of the line is passed over here and read through the protocol's ResultSpec. `protocol` is the
 * schema of a protocol id (graphs/registry.ts `ProtocolId`, which this layer cannot import).
 */
export function resultLineSchema<P extends z.ZodType<string>>(protocol: P) {
  return z.looseObject({
    dialogue_id: Dialogue.shape.id,
    status: z.string().optional(),
    // `source` is absent on lines written before it was recorded.
    meta: z.looseObject({ protocol: protocol.optional(), rubric: z.string().optional(), source: ResultSource.optional() }).optional(),
  });
}

/** Every line the judge path returns or writes: the protocol's own fields (or the error), `meta` always. */
export const JudgedLine = z.looseObject({
  dialogue_id: Dialogue.shape.id,
  status: z.literal("unscored").optional(),
  meta: ResultMeta,
});
export type JudgedLine = z.infer<typeof JudgedLine>;

/** An unscored line says so at the top (`status`) or in its meta. */
export const isUnscored = (line: Json): boolean => line["status"] === "unscored" || obj(line["meta"])["status"] === "unscored";

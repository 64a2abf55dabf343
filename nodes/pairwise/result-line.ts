import { z } from "zod";
import { Dialogue } from "../../dialogues/dialogue.js";
import { bool, num, objects } from "../../results/fields.js";
import { ResultMeta } from "../../results/meta.js";
import type { ResultSpec } from "../../results/spec.js";
import { RoundRecord, Side } from "./records.js";

const Quote = z.object({ quote: z.string(), verified: z.boolean(), turn: z.number().int().optional() });
const TieReason = z.enum(["equal", "position_bias", "jury_split"]).nullable();
/** A preference as a number for A: 1 when A is preferred, 0.5 for a tie, 0 when B is. */
export const PreferenceA = z.union([z.literal(1), z.literal(0.5), z.literal(0)]);
export type PreferenceA = z.infer<typeof PreferenceA>;
/** Each order's own prose; in the (B,A) order "Dialogue 1" means B. */
const ByOrder = z.object({ ab: z.string(), ba: z.string() });

/** What the pairwise score node writes (docs/protocols.md#pairwise). */
export const PairwiseResultLine = z.looseObject({
  /** The pair's id (it names no single dialogue, so it never joins a labels file). */
  dialogue_id: Dialogue.shape.id,
  pair: z.object({ a: Dialogue.shape.id, b: Dialogue.shape.id }),
  winner: Side,
  preference_a: PreferenceA,
  tie_reason: TieReason,
  /** The last round's (A,B) and (B,A) judgements agreed on the winner and on every criterion. */
  position_consistent: z.boolean(),
  criteria: z.array(
    z.object({
      criterion: z.string(),
      preference: Side,
      preference_a: PreferenceA,
      consistent: z.boolean(),
      tie_reason: TieReason,
      reasoning: ByOrder,
      /** The last round's quotes of A (from both orders), each verified against A's dialogue only. */
      evidence_a: z.array(Quote),
      evidence_b: z.array(Quote),
    }),
  ),
  reasoning: ByOrder,
  rounds: z.array(RoundRecord),
  rounds_conducted: z.number().int().positive(),
  meta: ResultMeta,
});
export type PairwiseResultLine = z.infer<typeof PairwiseResultLine>;

export function preferenceForA(side: Side): PreferenceA {
  return side === "A" ? 1 : side === "B" ? 0 : 0.5;
}

function winnerText(winner: unknown, tieReason: unknown): string {
  if (winner === "A" || winner === "B") return `${winner} wins`;
  return tieReason === "position_bias" ? "tie (position bias)" : tieReason === "jury_split" ? "tie (jury split)" : "tie";
}

export const pairwiseResult: ResultSpec<PairwiseResultLine> = {
  schema: PairwiseResultLine,
  fields: () => ({ continuous: ["preference_a"], bucketed: null, criteria: "criteria[].preference_a (A = 1, tie = 0.5, B = 0)" }),
  criteria: (line) => {
    const criteria: Record<string, number> = {};
    for (const c of objects(line["criteria"])) {
      const value = num(c["preference_a"]);
      if (typeof c["criterion"] === "string" && value !== null) criteria[c["criterion"]] = value;
    }
    return criteria;
  },
  range: () => ({ min: 0, max: 1 }),
  // No `score`, `overall_score` or bucketed overall: no other protocol claims a pairwise line.
  recognises: (line) => "winner" in line && "position_consistent" in line,
  detail: (line) => {
    const consistent = bool(line["position_consistent"]);
    const rounds = num(line["rounds_conducted"]);
    const how = consistent === null ? "" : consistent ? "; position consistent" : "; position inconsistent";
    return `${winnerText(line["winner"], line["tie_reason"])}${how} after ${rounds ?? "?"} round${rounds === 1 ? "" : "s"}`;
  },
  sampleBucket: (line) => (typeof line["winner"] === "string" ? line["winner"] : undefined),
  categorical: true,
};

import type { Dialogue } from "../../dialogues/dialogue.js";
import { checkQuotes, type QuoteCheck } from "../../evidence/quotes.js";
import type { Rubric } from "../../rubrics/schema.js";
import type { RoundRecord, SideCriterion } from "./records.js";
import { preferenceForA } from "./result-line.js";
import { resolve } from "./rules.js";

export interface PairwiseScoreInput {
  rubric: Rubric;
  pairId: string | number;
  a: Dialogue;
  b: Dialogue;
  rounds: readonly RoundRecord[];
}

/** Each quote once (the two orders often quote the same words), verified against its own side's dialogue. */
function quotesOf(texts: readonly string[], side: Dialogue): QuoteCheck[] {
  const seen = new Map<string, QuoteCheck>();
  for (const check of texts.flatMap((t) => checkQuotes(t, side))) if (!seen.has(check.quote)) seen.set(check.quote, check);
  return [...seen.values()];
}

function entryOf(criteria: readonly SideCriterion[], id: string): SideCriterion {
  const found = criteria.find((c) => c.criterion === id);
  if (!found) throw new Error(`no entry for criterion "${id}" in a verdict (verdicts are kept in rubric order)`);
  return found;
}

/**
 * The pairwise line without `meta` (pure). The last round decides, overall and per criterion: the
 * preference both orders gave, or a tie for position bias where they differ.
 */
export function scorePairwise(input: PairwiseScoreInput) {
  const last = input.rounds.at(-1);
  if (!last) throw new Error("scorePairwise needs at least one round");
  const overall = resolve(last.ab.winner, last.ba.winner);
  const criteria = input.rubric.criteria.map((c) => {
    const ab = entryOf(last.ab.criteria, c.id);
    const ba = entryOf(last.ba.criteria, c.id);
    const r = resolve(ab.preference, ba.preference);
    return {
      criterion: c.id,
      preference: r.preference,
      preference_a: preferenceForA(r.preference),
      consistent: r.consistent,
      tie_reason: r.tie_reason,
      reasoning: { ab: ab.reasoning, ba: ba.reasoning },
      evidence_a: quotesOf([ab.evidence_a, ba.evidence_a], input.a),
      evidence_b: quotesOf([ab.evidence_b, ba.evidence_b], input.b),
    };
  });
  return {
    dialogue_id: input.pairId,
    pair: { a: input.a.id, b: input.b.id },
    winner: overall.preference,
    preference_a: preferenceForA(overall.preference),
    tie_reason: overall.tie_reason,
    position_consistent: last.consistent,
    criteria,
    reasoning: { ab: last.ab.reasoning, ba: last.ba.reasoning },
    rounds: [...input.rounds],
    rounds_conducted: input.rounds.length,
  };
}
export type PairwiseScore = ReturnType<typeof scorePairwise>;

/**
 * Positions ("1", "2": the order the judge saw) and sides ("A", "B": the pair as given). In the order
 * "ab" Dialogue 1 is A; in "ba" it is B.
 */
import type { Dialogue } from "../../dialogues/dialogue.js";
import type { Rubric } from "../../rubrics/schema.js";
import { criterionKey, type PairVerdictOutput, type Position } from "./contracts.js";
import type { Order, PairVerdict, Side } from "./records.js";

export function toSide(position: Position, order: Order): Side {
  if (position === "tie") return "tie";
  return (position === "1") === (order === "ab") ? "A" : "B";
}

export function toPosition(side: Side, order: Order): Position {
  if (side === "tie") return "tie";
  return (side === "A") === (order === "ab") ? "1" : "2";
}

/** The two dialogues in the order the judge sees them. */
export function inOrder<D extends Dialogue>(order: Order, a: D, b: D): [first: D, second: D] {
  return order === "ab" ? [a, b] : [b, a];
}

/** A checked answer in sides, in rubric order with the rubric's own spelling of each criterion. */
export function toSides(output: PairVerdictOutput, order: Order, rubric: Rubric): PairVerdict {
  const criteria = rubric.criteria.map((c) => {
    const found = output.criteria.find((e) => criterionKey(e.criterion) === criterionKey(c.id));
    if (!found) throw new Error(`no entry for criterion "${c.id}" (the answer should have been checked)`);
    const [evidence_a, evidence_b] = order === "ab" ? [found.evidence_1, found.evidence_2] : [found.evidence_2, found.evidence_1];
    return { criterion: c.id, preference: toSide(found.preference, order), reasoning: found.reasoning, evidence_a, evidence_b };
  });
  return { order, winner: toSide(output.winner, order), reasoning: output.reasoning, criteria };
}

/**
 * A verdict told in the positions of `order`: how a reconsideration shows the other order's judgement.
 * Its reasoning is the other judge's prose, whose "Dialogue 1" meant the other order's first.
 */
export function toPositions(verdict: PairVerdict, order: Order): PairVerdictOutput {
  return {
    criteria: verdict.criteria.map((c) => ({
      criterion: c.criterion,
      evidence_1: order === "ab" ? c.evidence_a : c.evidence_b,
      evidence_2: order === "ab" ? c.evidence_b : c.evidence_a,
      reasoning: c.reasoning,
      preference: toPosition(c.preference, order),
    })),
    reasoning: verdict.reasoning,
    winner: toPosition(verdict.winner, order),
  };
}

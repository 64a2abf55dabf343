/** Hand-made pairwise result lines for the report's tests: four pairs that end four different ways, and an unscored one. */
import { meta } from "./lines.js";

type Line = Record<string, unknown>;
type Side = "A" | "B" | "tie";

const v = (quote: string, verified = true, turn = 1) => ({ quote, verified, turn });
const value = { A: 1, tie: 0.5, B: 0 } as const;

/** One order's verdict, told in sides; `prefs` is the preference per criterion. */
function verdict(order: "ab" | "ba", winner: Side, prefs: Record<string, Side>): Line {
  return { order, winner, reasoning: `${order}: overall ${winner}`, criteria: Object.entries(prefs).map(([criterion, preference]) => ({ criterion, preference, reasoning: `${order}: ${criterion} ${preference}`, evidence_a: "", evidence_b: "" })) };
}

interface Final {
  criterion: string;
  preference: Side;
  consistent?: boolean;
  tieReason?: "equal" | "position_bias" | null;
  evidenceA?: unknown[];
  evidenceB?: unknown[];
}

function pairwise(id: string, winner: Side, tieReason: "equal" | "position_bias" | null, criteria: Final[], rounds: Line[]): Line {
  const last = rounds.at(-1) as Line;
  return {
    dialogue_id: id,
    pair: { a: `${id}-a`, b: `${id}-b` },
    winner,
    preference_a: value[winner],
    tie_reason: tieReason,
    position_consistent: last["consistent"],
    criteria: criteria.map((c) => ({
      criterion: c.criterion,
      preference: c.preference,
      preference_a: value[c.preference],
      consistent: c.consistent ?? true,
      tie_reason: c.tieReason ?? (c.preference === "tie" ? "equal" : null),
      reasoning: { ab: `ab: ${c.criterion}`, ba: `ba: ${c.criterion}` },
      evidence_a: c.evidenceA ?? [v(`${id} a quote`)],
      evidence_b: c.evidenceB ?? [v(`${id} b quote`)],
    })),
    reasoning: { ab: "ab overall", ba: "ba overall" },
    rounds,
    rounds_conducted: rounds.length,
    meta: meta("pairwise", { calls: 2 * rounds.length }),
  };
}

const round = (n: number, consistent: boolean, ab: Line, ba: Line): Line => ({ round: n, ab, ba, consistent });

/** A wins in one consistent round; B's quote on Empathy was not found in B. */
export const W1 = pairwise("w1", "A", null, [{ criterion: "TaskSuccess", preference: "A" }, { criterion: "Empathy", preference: "A", evidenceB: [v("made up", false, 2)] }], [
  round(1, true, verdict("ab", "A", { TaskSuccess: "A", Empathy: "A" }), verdict("ba", "A", { TaskSuccess: "A", Empathy: "A" })),
]);

/** The orders disagree in round 1 (A vs B); both say B after reconsidering. */
export const W2 = pairwise("w2", "B", null, [{ criterion: "TaskSuccess", preference: "B" }, { criterion: "Empathy", preference: "tie" }], [
  round(1, false, verdict("ab", "A", { TaskSuccess: "A", Empathy: "tie" }), verdict("ba", "B", { TaskSuccess: "B", Empathy: "tie" })),
  round(2, true, verdict("ab", "B", { TaskSuccess: "B", Empathy: "tie" }), verdict("ba", "B", { TaskSuccess: "B", Empathy: "tie" })),
]);

/** Still inconsistent after reconsidering: a tie for position bias (TaskSuccess too; Empathy agreed on A). */
export const W3 = pairwise("w3", "tie", "position_bias", [{ criterion: "TaskSuccess", preference: "tie", consistent: false, tieReason: "position_bias" }, { criterion: "Empathy", preference: "A" }], [
  round(1, false, verdict("ab", "A", { TaskSuccess: "A", Empathy: "A" }), verdict("ba", "B", { TaskSuccess: "B", Empathy: "A" })),
  round(2, false, verdict("ab", "A", { TaskSuccess: "A", Empathy: "A" }), verdict("ba", "B", { TaskSuccess: "B", Empathy: "A" })),
]);

/** Both orders call it a tie in round 1; B is better on Empathy. */
export const W4 = pairwise("w4", "tie", "equal", [{ criterion: "TaskSuccess", preference: "tie" }, { criterion: "Empathy", preference: "B" }], [
  round(1, true, verdict("ab", "tie", { TaskSuccess: "tie", Empathy: "B" }), verdict("ba", "tie", { TaskSuccess: "tie", Empathy: "B" })),
]);

export const WU: Line = { dialogue_id: "wu", status: "unscored", error: { agent: "comparison", kind: "timeout", message: "timed out" }, meta: meta("pairwise", { status: "unscored" }) };

export const PAIRWISE_LINES = [W1, W2, W3, W4, WU];

import { bool, objects, str, type Json } from "../../results/fields.js";
import type { JuryAggregator, JuryVote } from "../../results/jury.js";
import { plurality, tallyText } from "../../scoring/votes.js";
import type { Side } from "./records.js";
import { preferenceForA } from "./result-line.js";
import type { TieReason } from "./rules.js";

const sideOf = (value: unknown): Side | undefined => (value === "A" || value === "B" || value === "tie" ? value : undefined);

/** Each quote once: members often quote the same words. */
function distinctQuotes(quotes: readonly Json[]): Json[] {
  const seen = new Map<string, Json>();
  for (const quote of quotes) if (!seen.has(str(quote["quote"]))) seen.set(str(quote["quote"]), quote);
  return [...seen.values()];
}

interface JuryPreference {
  preference: Side;
  tie_reason: TieReason | null;
  /** `A 2, B 1: gpt A, haiku A, llama B`. */
  tally: string;
}

/**
 * The members' majority; a draw is a tie ("jury_split"). A tie the members chose outright keeps their
 * most common reason (a draw between reasons: position bias, the one that says less about the pair).
 */
function majority(votes: readonly JuryVote[], read: (line: Json) => { side: Side | undefined; tieReason: unknown }): JuryPreference {
  const readings = votes.map((v) => ({ member: v.member, ...read(v.line) }));
  const sides = readings.flatMap((r) => r.side ?? []);
  const leader = plurality(sides, []);
  const tally = `${tallyText(sides)}: ${readings.map((r) => `${r.member} ${r.side ?? "?"}`).join(", ")}`;
  if (leader === undefined) return { preference: "tie", tie_reason: "jury_split", tally };
  if (leader !== "tie") return { preference: leader, tie_reason: null, tally };
  const reasons = readings.filter((r) => r.side === "tie").map((r) => (r.tieReason === "equal" ? "equal" : "position_bias"));
  return { preference: "tie", tie_reason: plurality(reasons, ["position_bias", "equal"]) ?? "position_bias", tally };
}

/**
 * A pairwise jury: the winner, and each criterion's preference, is the members' majority (a draw is a
 * tie). Position-consistent when every member was; the evidence is that of the members who sided with
 * the verdict.
 */
export const pairwiseJury: JuryAggregator = {
  rule: "winner and each criterion: the members' majority preference (a draw is a tie, jury_split)",
  aggregate: (votes, { rubric }) => {
    const overall = majority(votes, (line) => ({ side: sideOf(line["winner"]), tieReason: line["tie_reason"] }));
    const criterionOf = (line: Json, id: string) => objects(line["criteria"]).find((c) => c["criterion"] === id) ?? {};
    const criteria = rubric.criteria.map((c) => {
      const verdict = majority(votes, (line) => ({ side: sideOf(criterionOf(line, c.id)["preference"]), tieReason: criterionOf(line, c.id)["tie_reason"] }));
      const siding = votes.map((v) => criterionOf(v.line, c.id)).filter((entry) => verdict.preference === "tie" || entry["preference"] === verdict.preference);
      const reasoning = `Jury of ${votes.length} (${verdict.tally})`;
      return {
        criterion: c.id,
        preference: verdict.preference,
        preference_a: preferenceForA(verdict.preference),
        consistent: votes.every((v) => bool(criterionOf(v.line, c.id)["consistent"]) === true),
        tie_reason: verdict.tie_reason,
        reasoning: { ab: reasoning, ba: reasoning },
        evidence_a: distinctQuotes(siding.flatMap((entry) => objects(entry["evidence_a"]))),
        evidence_b: distinctQuotes(siding.flatMap((entry) => objects(entry["evidence_b"]))),
      };
    });
    const reasoning = `Jury of ${votes.length} (${overall.tally})`;
    return {
      pair: votes[0]?.line["pair"],
      winner: overall.preference,
      preference_a: preferenceForA(overall.preference),
      tie_reason: overall.tie_reason,
      position_consistent: votes.every((v) => v.line["position_consistent"] === true),
      criteria,
      reasoning: { ab: reasoning, ba: reasoning },
      rounds: [],
      rounds_conducted: Math.max(1, ...votes.map((v) => (typeof v.line["rounds_conducted"] === "number" ? v.line["rounds_conducted"] : 1))),
    };
  },
};

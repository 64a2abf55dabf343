/// <reference lib="dom" />
import type { PairwiseDetail } from "../model.js";
import { quoteList } from "./detail-panel.js";
import { badge, fmt, h, table, type Child } from "./dom.js";

const SIDE_TONES: Record<string, string> = { A: "good", B: "violet", tie: "" };

function outcome(side: string, tieReason: string | null): string {
  if (side === "A" || side === "B") return `${side} preferred`;
  return tieReason === "position_bias" ? "tie (position bias)" : "tie";
}

function part(label: string, ...children: Child[]): HTMLElement {
  return h("div", { class: "part" }, h("span", { class: "part-label" }, label), h("div", { class: "part-body" }, ...children));
}

function criterionCard(c: PairwiseDetail["criteria"][number]): HTMLElement {
  return h(
    "div",
    { class: "criterion" },
    h("div", { class: "criterion-head" }, h("strong", null, c.criterion), badge(outcome(c.preference, c.tieReason), c.tieReason === "position_bias" ? "warn" : (SIDE_TONES[c.preference] ?? "")), c.consistent === false ? badge("orders disagree", "warn") : null),
    part("Quotes of A", quoteList(c.evidenceA, "A") ?? h("p", { class: "muted" }, "none")),
    part("Quotes of B", quoteList(c.evidenceB, "B") ?? h("p", { class: "muted" }, "none")),
    part("(A,B)", h("p", null, c.reasoning.ab || "—")),
    part("(B,A)", h("p", null, c.reasoning.ba || "—")),
  );
}

/** Each order's answers side by side; a row where they differ is marked. */
function roundBlock(r: PairwiseDetail["rounds"][number]): HTMLElement {
  const differs = (ab: string, ba: string) => (ab !== ba ? [" ", badge("differs", "warn")] : null);
  const rows: Child[][] = [[h("strong", null, "overall"), r.ab.winner, h("span", null, r.ba.winner, differs(r.ab.winner, r.ba.winner))]];
  for (const c of r.ab.criteria) {
    const ba = r.ba.criteria.find((x) => x.criterion === c.criterion)?.preference ?? "—";
    rows.push([c.criterion, c.preference, h("span", null, ba, differs(c.preference, ba))]);
  }
  const title = r.round === 1 ? "Round 1: the two comparisons" : `Round ${fmt(r.round)}: the two reconsiderations`;
  return h(
    "div",
    { class: "block pairwise-round" },
    h("h4", null, title, " ", r.consistent === true ? badge("consistent", "good") : r.consistent === false ? badge("inconsistent", "warn") : null),
    table(["", "(A,B)", "(B,A)"], rows),
    h("p", { class: "muted" }, h("strong", null, "(A,B): "), r.ab.reasoning || "—"),
    h("p", { class: "muted" }, h("strong", null, "(B,A): "), r.ba.reasoning || "—"),
  );
}

/**
 * Pairwise: the winner and whether the two orders agreed; per criterion the final answer with the
 * quotes of each side (checked against that side's dialogue only) and each order's reasoning; then
 * every round, the two orders side by side.
 */
export function pairwiseBody(d: PairwiseDetail): HTMLElement {
  const winner = d.winner === "A" || d.winner === "B" ? `${d.winner} wins` : d.tieReason === "position_bias" ? "Tie (position bias)" : "Tie";
  const consistency = d.positionConsistent === true ? badge("position consistent", "good") : d.positionConsistent === false ? badge("position inconsistent", "warn") : null;
  return h(
    "div",
    null,
    h("p", { class: "summary" }, `${winner} · A = `, h("span", { class: "side-id" }, d.pair.a), ", B = ", h("span", { class: "side-id" }, d.pair.b), ` · ${fmt(d.roundsConducted)} round${d.roundsConducted === 1 ? "" : "s"} `, consistency),
    h("p", { class: "muted" }, "The judge saw the pair twice, A first (A,B) and B first (B,A); in the (B,A) reasoning “Dialogue 1” is B. A quote is verified only if it occurs in the side it is quoted for."),
    d.criteria.map(criterionCard),
    d.rounds.map(roundBlock),
  );
}

/// <reference lib="dom" />
import { formatEstimate } from "../../agreement/verdict.js";
import type { Estimate } from "../../metrics/bootstrap.js";
import type { PairwiseSummary } from "../model.js";
import { PREFERENCE_COLOURS } from "./charts.js";
import { fmt, h, pct, table, tile } from "./dom.js";
import { card, countsCard, grid, stackedCard, tiles } from "./layout.js";

const estimate = (e: Estimate): HTMLElement => h("span", { class: "estimate" }, formatEstimate(e, 3));

function criteriaCard(s: PairwiseSummary, level: string): HTMLElement {
  const rows = s.criterionWinRates.map((c) => [h("strong", null, c.criterion), fmt(c.A), fmt(c.tie), fmt(c.B), estimate(c.winRateA)]);
  const body = rows.length === 0 ? h("p", { class: "empty" }, "No scored pair.") : table(["criterion", "A", "tie", "B", `win rate of A [${level} CI]`], rows, { class: "data pairwise-criteria" });
  return card("Win rate of A by criterion", body, "criteria[].preference: each criterion's final answer (a tie where the two orders disagreed on it); A = 1, tie = ½, B = 0.");
}

/** Pairwise (docs/protocols.md#pairwise): outcomes, A's win rate with its interval, position consistency and the reconsideration round, preferences by criterion. */
export function pairwiseSection(s: PairwiseSummary): HTMLElement[] {
  const level = `${Math.round(s.level * 100)} %`;
  const count = (key: string) => s.outcomes.find((o) => o.key === key)?.count ?? 0;
  const ties = count("tie") + count("tie (position bias)");
  const { count: reconsidered, resolved } = s.reconsidered;
  return [
    tiles(
      tile(fmt(count("A wins")), `A wins (${pct(count("A wins"), s.scored)})`),
      tile(fmt(ties), `ties (${pct(ties, s.scored)})`),
      tile(fmt(count("B wins")), `B wins (${pct(count("B wins"), s.scored)})`),
      tile(estimate(s.winRateA), `win rate of A, ties ½ [${level} CI]`),
      tile(fmt(s.positionConsistent), `position consistent (${pct(s.positionConsistent, s.scored)})`, s.positionConsistent < s.scored ? "warn" : "good"),
      tile(fmt(reconsidered), `reconsidered (${fmt(resolved)} consistent after)`, reconsidered > 0 ? "warn" : ""),
      tile(fmt(s.positionBiasTies), "ties for position bias", s.positionBiasTies > 0 ? "warn" : ""),
    ),
    grid(
      countsCard(
        "Outcomes",
        s.outcomes,
        `winner and tie_reason. A tie for position bias: (A,B) and (B,A) still disagreed after the reconsideration round. Win rate of A ${formatEstimate(s.winRateA, 3)}: percentile bootstrap over ${fmt(s.winRateA.n)} pairs.`,
        "No scored pair.",
      ),
      stackedCard("Preference by criterion", s.criteria, `${s.criteria.field}: A, tie or B per criterion`, PREFERENCE_COLOURS),
      criteriaCard(s, level),
    ),
  ];
}

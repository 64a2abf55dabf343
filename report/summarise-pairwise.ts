import type { BootstrapOptions } from "../metrics/bootstrap.js";
import { summariseComparison } from "../nodes/pairwise/summary.js";
import { num, objects } from "../results/fields.js";
import type { Rubric } from "../rubrics/schema.js";
import type { ReportLine } from "./lines.js";
import type { PairwiseSummary } from "./model.js";
import { summariseCommon } from "./summarise-common.js";

/** Preferences in display order (the stacked chart's series). */
export const PAIRWISE_SIDES = ["A", "tie", "B"] as const;

const roundsOf = (raw: Record<string, unknown>): number => num(raw["rounds_conducted"]) ?? objects(raw["rounds"]).length;

/**
 * Pairwise lines (docs/protocols.md#pairwise): how the pairs ended, A's win rate with its bootstrap
 * interval, how often the two orders agreed and what the reconsideration round did, and the
 * preferences by criterion. The counts and intervals are `tribunal compare`'s (summariseComparison).
 */
export function summarisePairwise(lines: readonly ReportLine[], rubric: Rubric | undefined, bootstrap: BootstrapOptions = {}): PairwiseSummary {
  const { byCriterion: _unused, criteria: _fromScores, ...common } = summariseCommon("pairwise", lines, rubric);
  const scored = lines.filter((l) => l.status === "scored").map((l) => l.raw);
  const comparison = summariseComparison(scored, bootstrap);
  const reconsidered = scored.filter((raw) => roundsOf(raw) > 1);
  const { A, tie, B } = comparison.outcomes;
  const criteria = comparison.criteria;
  return {
    protocol: "pairwise",
    ...common,
    criteria: {
      field: "criteria[].preference",
      columns: criteria.map((c) => c.criterion),
      series: [...PAIRWISE_SIDES],
      counts: PAIRWISE_SIDES.map((side) => criteria.map((c) => c[side])),
      means: criteria.map((c) => c.winRateA.value),
    },
    outcomes: [
      { key: "A wins", count: A },
      { key: "tie", count: tie - comparison.positionBiasTies },
      { key: "tie (position bias)", count: comparison.positionBiasTies },
      { key: "B wins", count: B },
    ],
    winRateA: comparison.winRateA,
    level: comparison.level,
    positionConsistent: comparison.positionConsistent.count,
    reconsidered: { count: reconsidered.length, resolved: reconsidered.filter((raw) => raw["position_consistent"] === true).length },
    positionBiasTies: comparison.positionBiasTies,
    criterionWinRates: criteria.map(({ criterion, A, tie, B, winRateA }) => ({ criterion, A, tie, B, winRateA })),
  };
}

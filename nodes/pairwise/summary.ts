import { bootstrapMany, drawResamples, type BootstrapOptions, type Estimate } from "../../metrics/bootstrap.js";
import { objects, type Json } from "../../results/fields.js";

export interface OutcomeCounts {
  A: number;
  tie: number;
  B: number;
}

export interface CriterionComparison extends OutcomeCounts {
  criterion: string;
  /** Mean preference for A on this criterion (A = 1, tie = ½, B = 0), with its bootstrap interval. */
  winRateA: Estimate;
}

export interface ComparisonSummary {
  /** Lines read. */
  lines: number;
  /** Lines with a winner; the rest (unscored, or not pairwise) are left out of every measure. */
  scored: number;
  outcomes: OutcomeCounts;
  /** Ties where the two orders disagreed after the reconsideration. */
  positionBiasTies: number;
  /** Share of the scored lines: A wins, ties, B wins. */
  shares: { A: number | null; tie: number | null; B: number | null };
  /** Mean preference for A (ties count ½), with its bootstrap interval over pairs. */
  winRateA: Estimate;
  positionConsistent: { count: number; share: number | null };
  criteria: CriterionComparison[];
  level: number;
}

interface Scored {
  winner: "A" | "B" | "tie";
  preferenceA: number;
  positionBias: boolean;
  consistent: boolean;
  criteria: Map<string, number>;
}

const WINNER_VALUE = { A: 1, tie: 0.5, B: 0 } as const;

function scoredLine(line: Json): Scored | undefined {
  const winner = line["winner"];
  if (winner !== "A" && winner !== "B" && winner !== "tie") return undefined;
  const criteria = new Map<string, number>();
  for (const c of objects(line["criteria"])) {
    const preference = c["preference"];
    if (typeof c["criterion"] === "string" && (preference === "A" || preference === "B" || preference === "tie")) criteria.set(c["criterion"], WINNER_VALUE[preference]);
  }
  // Numbers are recomputed from the sides named: a line's own numbers are not trusted.
  return { winner, preferenceA: WINNER_VALUE[winner], positionBias: winner === "tie" && line["tie_reason"] === "position_bias", consistent: line["position_consistent"] === true, criteria };
}

function meanOf(values: readonly (number | undefined)[], items: ArrayLike<number>): number | null {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < items.length; i++) {
    const v = values[items[i] as number];
    if (v === undefined) continue;
    sum += v;
    n++;
  }
  return n === 0 ? null : sum / n;
}

const share = (count: number, total: number) => (total === 0 ? null : count / total);

function counts(values: readonly (number | undefined)[]): OutcomeCounts {
  return {
    A: values.filter((v) => v === 1).length,
    tie: values.filter((v) => v === 0.5).length,
    B: values.filter((v) => v === 0).length,
  };
}

/**
 * A pairwise run in numbers (pure): wins, ties and losses of A; A's win rate with ties counted ½ and
 * a percentile bootstrap interval over pairs; how often the two orders agreed; the same per criterion,
 * every interval from the same resamples.
 */
export function summariseComparison(lines: readonly Json[], options: BootstrapOptions = {}): ComparisonSummary {
  const scored = lines.map(scoredLine).filter((s): s is Scored => s !== undefined);
  const names = [...new Set(scored.flatMap((s) => [...s.criteria.keys()]))];
  const overall = scored.map((s) => s.preferenceA);
  const byCriterion = names.map((name) => scored.map((s) => s.criteria.get(name)));
  const level = options.level ?? 0.95;
  const draws = drawResamples(scored.length, options);
  const [winRateA, ...criterionRates] = bootstrapMany(scored.length, (items) => [meanOf(overall, items), ...byCriterion.map((values) => meanOf(values, items))], draws, level);
  const outcomes = counts(overall);
  const consistent = scored.filter((s) => s.consistent).length;
  return {
    lines: lines.length,
    scored: scored.length,
    outcomes,
    positionBiasTies: scored.filter((s) => s.positionBias).length,
    shares: { A: share(outcomes.A, scored.length), tie: share(outcomes.tie, scored.length), B: share(outcomes.B, scored.length) },
    winRateA: winRateA as Estimate,
    positionConsistent: { count: consistent, share: share(consistent, scored.length) },
    criteria: names.map((criterion, i) => ({ criterion, ...counts(byCriterion[i] ?? []), winRateA: criterionRates[i] as Estimate })),
    level,
  };
}

const pct = (value: number | null) => (value === null ? "—" : `${(value * 100).toFixed(1)} %`);
const rate = (e: Estimate) => (e.value === null ? "—" : `${e.value.toFixed(3)}${e.low !== null && e.high !== null ? ` [${e.low.toFixed(3)}–${e.high.toFixed(3)}]` : ""}`);

/** The summary as text; `labels` name the two sides (`v1`, `v2`: the files compared). */
export function formatComparison(s: ComparisonSummary, labels: { a: string; b: string } = { a: "A", b: "B" }): string {
  const level = `${Math.round(s.level * 100)} %`;
  const lines = [
    `pairs: ${s.scored} judged${s.lines > s.scored ? `, ${s.lines - s.scored} without a winner (unscored)` : ""}`,
    `${labels.a} wins ${s.outcomes.A} (${pct(s.shares.A)}) · ties ${s.outcomes.tie} (${pct(s.shares.tie)}; ${s.positionBiasTies} for position bias) · ${labels.b} wins ${s.outcomes.B} (${pct(s.shares.B)})`,
    `win rate of ${labels.a} (ties count ½): ${rate(s.winRateA)}${s.winRateA.low !== null ? ` (${level} bootstrap interval)` : ""}`,
    `position consistent: ${s.positionConsistent.count} of ${s.scored} (${pct(s.positionConsistent.share)})`,
  ];
  if (s.criteria.length > 0) {
    const width = Math.max(9, ...s.criteria.map((c) => c.criterion.length));
    const [wa, wb] = [Math.max(4, labels.a.length), Math.max(4, labels.b.length)];
    lines.push("", `${"criterion".padEnd(width)}  ${labels.a.padStart(wa)}   tie  ${labels.b.padStart(wb)}  win rate of ${labels.a} [${level}]`);
    for (const c of s.criteria) lines.push(`${c.criterion.padEnd(width)}  ${String(c.A).padStart(wa)}  ${String(c.tie).padStart(4)}  ${String(c.B).padStart(wb)}  ${rate(c.winRateA)}`);
  }
  return lines.join("\n");
}

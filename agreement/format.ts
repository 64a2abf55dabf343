import type { Estimate } from "../metrics/bootstrap.js";
import type { PairAgreementReport } from "./pairs.js";
import type { AgreementReport } from "./report.js";
import { formatEstimate } from "./verdict.js";

/** Left-aligned columns, two spaces apart. */
function table(rows: readonly (readonly string[])[], indent = "  "): string[] {
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length))) ?? [];
  return rows.map((r) => indent + r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c] ?? 0))).join("  "));
}

const value = (v: number | null): string => (v === null ? "n/a" : v.toFixed(2));
const est = (e: Estimate): string => formatEstimate(e);

/** The human-readable report `tribunal agree` prints without --json. */
export function formatAgreementReport(r: AgreementReport): string {
  const c = r.counts;
  const pct = Math.round(r.bootstrap.level * 100);
  const out: string[] = [];
  out.push(`tribunal agree: ${r.results} vs labels ${r.labels}`);
  out.push(`protocol ${r.protocol}${r.rubric ? `, rubric ${r.rubric}` : ""}${r.protocolAgnostic ? " (protocol-agnostic: continuous scores rescaled to 1–5)" : ""}`);
  out.push(
    `${c.resultLines} result lines: ${c.joined} joined, ${c.unscored} unscored (skipped), ${c.withoutScore} without a score, ${c.withoutHumanOverall} without human OVERALL; ${c.withoutResult} of ${c.labelDialogues} labelled dialogues have no result`,
  );
  out.push(`${pct} % CIs: percentile bootstrap over dialogues, ${r.bootstrap.resamples} resamples, seed ${r.bootstrap.seed}`);
  out.push("");
  out.push(`Judge vs human mean OVERALL (n = ${r.continuous.spearman.n})`);
  const rows = [
    ["measure", "judge score", `value [${pct} % CI]`],
    ["Spearman ρ", r.continuous.field, est(r.continuous.spearman)],
    ["Kendall τ-b", r.continuous.field, est(r.continuous.kendall)],
  ];
  if (r.bucketed) {
    rows.push(["Spearman ρ", `${r.bucketed.field} (buckets)`, est(r.bucketed.spearman)]);
    rows.push(["quadratic κ", `${r.bucketed.field} (buckets)`, est(r.bucketed.quadraticKappa)]);
  }
  out.push(...table(rows));
  if (r.bucketed) out.push(`  buckets: ${r.bucketed.humanMapping}`);
  out.push("");
  out.push("Krippendorff's α (interval)");
  out.push(...table([["humans alone", est(r.krippendorff.humans)], ["humans + judge", est(r.krippendorff.withJudge)]]));
  out.push(`  ${r.krippendorff.judgeRescale}`);
  out.push("");
  const om = r.oneMoreAnnotator;
  out.push("One more annotator: Spearman ρ with the mean of the other raters");
  out.push(...table([["rater", "n", "human", "judge"], ...om.positions.map((p) => [String(p.rater), String(p.n), value(p.human), value(p.judge)])]));
  out.push(
    ...table([
      ["", "human", "judge", "judge − human"],
      ["mean (weighted by n)", est(om.human), est(om.judge), est(om.difference)],
      ["mean (unweighted)", value(om.humanUnweighted), value(om.judgeUnweighted), ""],
      ["pooled (dialogue, rater) pairs", est(om.humanPooled), est(om.judgePooled), ""],
    ]),
  );
  if (r.criteria.length > 0) {
    out.push("");
    out.push("Criterion vs OVERALL (each criterion's score against the human OVERALL mean)");
    out.push(
      ...table([
        ["criterion", "counterpart", "n", "Spearman ρ", "Kendall τ-b"],
        ...r.criteria.map((k) => [k.criterion, k.humanCounterpart ?? "-", String(k.n), est(k.spearman), est(k.kendall)]),
      ]),
    );
  }
  out.push("");
  out.push(`verdict: ${r.verdict.line}`);
  for (const note of r.notes) out.push(`note: ${note}`);
  return `${out.join("\n")}\n`;
}

/** The human-readable report `tribunal agree --pairs` prints without --json. */
export function formatPairAgreement(r: PairAgreementReport): string {
  const c = r.counts;
  const pct = Math.round(r.bootstrap.level * 100);
  const e3 = (e: Estimate) => formatEstimate(e, 3);
  const out: string[] = [];
  out.push(`tribunal agree --pairs: ${r.results} vs labels ${r.labels}`);
  out.push(`pairwise${r.rubric ? `, rubric ${r.rubric}` : ""}; a pair counts when its two human OVERALL means differ by ≥ ${r.minGap}`);
  out.push(
    `${c.resultLines} result lines: ${c.joined} pairs measured (${c.dialogues} dialogues), ${c.unscored} unscored, ${c.belowGap} below the gap, ${c.withoutHumanOverall} without human OVERALL on a side (skipped)`,
  );
  out.push(`${pct} % CIs: percentile bootstrap over dialogues (a pair weighs the product of its two sides' draws), ${r.bootstrap.resamples} resamples, seed ${r.bootstrap.seed}`);
  out.push("");
  out.push(`The judge's winner vs the side the humans rated higher (n = ${c.joined} pairs)`);
  out.push(
    ...table([
      ["measure", "n", `value [${pct} % CI]`],
      ["accuracy (a tie counts ½)", String(r.accuracy.n), e3(r.accuracy)],
      ["decisive accuracy (ties left out)", String(r.decisiveAccuracy.n), e3(r.decisiveAccuracy)],
      ["tie rate", String(r.tieRate.n), e3(r.tieRate)],
      ["position consistent", String(r.positionConsistent.n), e3(r.positionConsistent)],
    ]),
  );
  out.push(`  ${r.outcomes.right} right, ${r.outcomes.tie} ties, ${r.outcomes.wrong} wrong`);
  if (r.criteria.length > 0) {
    out.push("");
    out.push("Per criterion: its preference vs the side rated higher OVERALL");
    out.push(...table([["criterion", "n", "accuracy (tie ½)", "tie rate"], ...r.criteria.map((k) => [k.criterion, String(k.n), e3(k.accuracy), e3(k.tieRate)])]));
  }
  for (const note of r.notes) out.push(`note: ${note}`);
  return `${out.join("\n")}\n`;
}

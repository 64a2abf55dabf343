/// <reference lib="dom" />
import { formatEstimate } from "../../agreement/verdict.js";
import type { Estimate } from "../../metrics/bootstrap.js";
import type { AgreementSection } from "../model.js";
import { chartBox, scatterConfig } from "./charts.js";
import { fmt, h, pct, table } from "./dom.js";
import { card, grid, section } from "./layout.js";
import { PROTOCOL_TITLES } from "./section-protocols.js";

const est = (e: Estimate) => h("span", { class: "estimate" }, formatEstimate(e));

function figures(a: AgreementSection): HTMLElement {
  const r = a.report;
  const rows: [string, string, Estimate][] = [
    ["Spearman ρ", r.continuous.field, r.continuous.spearman],
    ["Kendall τ-b", r.continuous.field, r.continuous.kendall],
  ];
  if (r.bucketed) rows.push(["Spearman ρ (buckets)", r.bucketed.field, r.bucketed.spearman], ["quadratic κ (buckets)", r.bucketed.field, r.bucketed.quadraticKappa]);
  rows.push(
    ["Krippendorff α, humans", "interval", r.krippendorff.humans],
    ["Krippendorff α, humans + judge", "judge rescaled to 1–5", r.krippendorff.withJudge],
    ["ρ(human, mean of the others)", "one more annotator", r.oneMoreAnnotator.human],
    ["ρ(judge, mean of the same others)", "one more annotator", r.oneMoreAnnotator.judge],
    ["judge − human", "paired, same resamples", r.oneMoreAnnotator.difference],
  );
  const level = Math.round(r.bootstrap.level * 100);
  return card(
    "Agreement figures",
    table(["measure", "on", `value [${level} % CI]`, "n"], rows.map(([m, f, e]) => [m, f, est(e), fmt(e.n)])),
    `${r.bootstrap.method}; ${fmt(r.bootstrap.resamples)} resamples, seed ${r.bootstrap.seed}. Joined ${fmt(r.counts.joined)} of ${fmt(r.counts.resultLines)} lines (${fmt(r.counts.unscored)} unscored, ${fmt(r.counts.withoutHumanOverall)} without OVERALL skipped).`,
  );
}

function confusionCard(a: AgreementSection): HTMLElement {
  const c = a.confusion;
  const max = Math.max(1, ...c.matrix.flat());
  const head = h("tr", null, h("th", { scope: "col" }, "judge ↓ / human →"), c.labels.map((l) => h("th", { scope: "col" }, String(l))));
  const body = c.matrix.map((row, j) =>
    h(
      "tr",
      null,
      h("th", { scope: "row" }, String(c.labels[j])),
      row.map((n, k) => h("td", { class: j === k ? "cell diag" : "cell", style: `--heat:${(n / max).toFixed(3)}`, title: `judge ${c.labels[j]}, human ${c.labels[k]}: ${n}` }, fmt(n))),
    ),
  );
  return card(
    "Bucket confusion (judge × human)",
    h("table", { class: "confusion" }, h("thead", null, head), h("tbody", null, body)),
    `exact ${pct(c.exact, c.n)} · within one bucket ${pct(c.withinOne, c.n)} · judge: ${c.judgeField} · human: ${c.humanMapping}`,
  );
}

function criteriaCard(a: AgreementSection): HTMLElement | null {
  const criteria = a.report.criteria;
  if (criteria.length === 0) return null;
  return card(
    "Criteria against the human OVERALL mean",
    table(["criterion", "human counterpart", "n", "Spearman ρ", "Kendall τ-b"], criteria.map((c) => [c.criterion, c.humanCounterpart ?? "—", fmt(c.n), est(c.spearman), est(c.kendall)])),
    "The labels carry only an OVERALL rating per dialogue: every criterion is compared with it.",
  );
}

function protocolBlock(a: AgreementSection): HTMLElement {
  const points = a.scatter.human.map((x, i) => ({ x, y: a.scatter.judge[i] as number }));
  const verdictTone = a.report.verdict.judgeAtLeastOneHuman === true ? "good" : a.report.verdict.judgeAtLeastOneHuman === false ? "warn" : "";
  return h(
    "div",
    { class: "agreement-block", "data-protocol": a.protocol },
    h("h3", { class: "block-title" }, PROTOCOL_TITLES[a.protocol] ?? a.protocol),
    h("p", { class: `verdict ${verdictTone}`.trim() }, a.report.verdict.line),
    grid(
      card("Judge vs human mean", chartBox(`Judge vs human (${a.protocol})`, () => scatterConfig(points, "human mean OVERALL (1–5)", "judge score", a.scatter.ids), 280), `${fmt(points.length)} dialogues; y: ${a.scatter.field}`),
      confusionCard(a),
      figures(a),
      criteriaCard(a),
    ),
    a.report.notes.length > 0 ? h("ul", { class: "notes" }, a.report.notes.map((n) => h("li", null, n))) : null,
  );
}

/** Judge against people: one block per protocol with labels, or the reason there is none. */
export function agreementSection(sections: readonly AgreementSection[], notes: readonly string[], labels: string | null): HTMLElement {
  return section(
    "agreement",
    "Agreement with human ratings",
    labels ? h("p", { class: "lede" }, `Labels: ${labels}. Dialogue level, against the mean human OVERALL rating.`) : null,
    notes.length > 0 ? h("ul", { class: "notes" }, notes.map((n) => h("li", null, n))) : null,
    sections.map(protocolBlock),
  );
}

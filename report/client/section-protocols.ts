/// <reference lib="dom" />
import type { BaremSummary, ChecklistSummary, ConsensusSummary, PanelSummary, ProtocolSummary, RuleTally } from "../model.js";
import { ACTION_COLOURS, ANSWER_COLOURS } from "./charts.js";
import { badge, fmt, h, pct, table, tile } from "./dom.js";
import { card, countsCard, distributionCard, grid, section, stackedCard, tiles } from "./layout.js";
import { pairwiseSection } from "./section-pairwise.js";

export const PROTOCOL_TITLES: Record<string, string> = {
  panel: "Panel: evaluator → critic → referee",
  consensus: "Consensus: strict ∥ generous",
  checklist: "Checklist: one assessor per criterion",
  barem: "Barem: one judge with the detailed barem",
  pairwise: "Pairwise: (A,B) ∥ (B,A), one judge",
};

function rulesCard(rules: readonly RuleTally[], scored: number): HTMLElement {
  const title = "Rule firings";
  if (rules.length === 0) return card(title, h("p", { class: "empty" }, "The rubric has no rules, or none was recorded."), "audit.rules");
  const rows = rules.map((r) => [r.rule, r.criterion ?? "—", fmt(r.considered), h("strong", null, fmt(r.fired)), pct(r.fired, scored)]);
  return card(title, table(["rule", "criterion", "considered", "fired", "of scored"], rows), "audit.rules: a rule fires when it changes a number (a cap, a deduction).");
}

function commonHeader(s: ProtocolSummary): HTMLElement {
  return h(
    "p",
    { class: "lede" },
    `${fmt(s.lines)} lines: ${fmt(s.scored)} scored, ${fmt(s.unscored)} unscored · rubric ${s.rubrics.join(", ") || "—"} · model ${s.models.join(", ") || "—"}`,
  );
}

function criteriaNote(s: ProtocolSummary): string {
  const means = s.criteria.columns.map((c, i) => `${c} ${fmt(s.criteria.means[i] ?? null, 2)}`).join(" · ");
  return `${s.criteria.field}; ${s.protocol === "checklist" ? "YES rate" : "mean"}: ${means}`;
}

/** The referee's decisions other than "agreed" (which dwarfs them), by criterion. */
function decisionsCard(s: PanelSummary): HTMLElement {
  const a = s.actionsByCriterion;
  const keep = a.series.map((name, i) => ({ name, i })).filter((x) => x.name !== "agreed");
  const agreed = a.counts[a.series.indexOf("agreed")]?.reduce((n, c) => n + c, 0) ?? 0;
  const changes = { columns: a.columns, series: keep.map((x) => x.name), counts: keep.map((x) => a.counts[x.i] ?? []) };
  const note = `${fmt(agreed)} criteria where the critic agreed are not drawn. accepted: evidence-backed suggestion taken · kept: unverified or quote-less suggestion, evaluator kept · no-op: suggestion equal to the evaluator's · adopted: the critic's whole version (≥ 3 evidence-backed disagreements)`;
  if (keep.length === 0) return card("Referee decisions by criterion", h("p", { class: "empty" }, "The critic agreed on every criterion of every dialogue."), note);
  return stackedCard("Referee decisions by criterion (besides agreed)", changes, note, ACTION_COLOURS);
}

function panel(s: PanelSummary): HTMLElement[] {
  const decisions = s.actions.reduce((n, a) => n + a.count, 0);
  const quotes = s.quotes;
  return [
    tiles(
      tile(fmt(s.disputed), `dialogues where the critic disagreed (${pct(s.disputed, s.scored)})`),
      tile(fmt(s.adopted), "critic's version adopted entirely", s.adopted > 0 ? "warn" : ""),
      ...s.actions.filter((a) => a.key !== "agreed").map((a) => tile(fmt(a.count), `criteria ${a.key.replace("_", "-")} (${pct(a.count, decisions)})`)),
      tile(`${fmt(quotes.referee.verified)} / ${fmt(quotes.referee.unverified)}`, "critic quotes verified / not found", quotes.referee.unverified > 0 ? "warn" : ""),
      tile(`${fmt(quotes.evaluator.verified)} / ${fmt(quotes.evaluator.unverified)}`, "evaluator quotes verified / not found", quotes.evaluator.unverified > 0 ? "warn" : ""),
    ),
    grid(
      distributionCard("Overall (bucketed)", s.overall.distribution, s.overall.field),
      s.continuous ? distributionCard("Weighted average", s.continuous.distribution, s.continuous.field) : null,
      stackedCard("Final score by criterion", s.criteria, criteriaNote(s)),
      decisionsCard(s),
      rulesCard(s.rules, s.scored),
    ),
  ];
}

function barem(s: BaremSummary): HTMLElement[] {
  return [
    grid(
      distributionCard("Overall (bucketed)", s.overall.distribution, s.overall.field),
      s.continuous ? distributionCard("Weighted average", s.continuous.distribution, s.continuous.field) : null,
      stackedCard("Score by criterion", s.criteria, criteriaNote(s)),
      rulesCard(s.rules, s.scored),
    ),
  ];
}

function consensus(s: ConsensusSummary): HTMLElement[] {
  const firstRound = s.rounds.find((r) => r.key === "1 round")?.count ?? 0;
  const debated = s.scored - firstRound;
  return [
    tiles(
      tile(fmt(firstRound), "settled in round 1"),
      tile(fmt(debated), `went to debate (${pct(debated, s.scored)})`, debated > 0 ? "warn" : ""),
      tile(fmt(s.gap.mean, 2), "mean final |strict − generous|"),
    ),
    grid(
      distributionCard("Overall score (0.6·strict + 0.4·generous)", s.overall.distribution, s.overall.field),
      stackedCard("Score by criterion", s.criteria, criteriaNote(s)),
      countsCard("Consensus paths", s.paths, "consensus_metadata.consensus_method and rounds_conducted", "No scored dialogue."),
      countsCard("Rounds conducted", s.rounds, "consensus_metadata.rounds_conducted (the independent round counts)", "No scored dialogue."),
      distributionCard("Final gap |strict − generous|", s.gap, "consensus_metadata strict_final_score vs generous_final_score", false),
    ),
  ];
}

function checklist(s: ChecklistSummary): HTMLElement[] {
  const threshold = s.passThreshold === null ? "" : ` · pass mark ${fmt(s.passThreshold, 2)}`;
  return [
    tiles(
      ...s.outcomes.map((o) => tile(fmt(o.count), o.key, o.key.startsWith("rejected") ? "bad" : o.key === "passed" ? "good" : "")),
      tile(fmt(s.gate.tripped), "safety gate trips", s.gate.tripped > 0 ? "bad" : "good"),
      tile(fmt(s.invalidNa.reduce((n, c) => n + c.count, 0)), "invalid NA answers (counted as NO)"),
    ),
    grid(
      distributionCard("Score YES / (YES + NO)", s.overall.distribution, `${s.overall.field}${threshold}`),
      stackedCard("Answers by criterion", s.criteria, criteriaNote(s), ANSWER_COLOURS),
      countsCard("Safety gate trips by criterion", s.gate.byCriterion, "safety_gate.criteria: a safety criterion answered NO (or ERROR) rejects the dialogue whatever its score", "The safety gate never tripped."),
      countsCard("Invalid NA by criterion", s.invalidNa, "an NA on a criterion that does not allow it counts as NO", "No invalid NA."),
    ),
  ];
}

/** One section per protocol in the file, with the charts that protocol has. */
export function protocolSection(s: ProtocolSummary): HTMLElement {
  const body = s.protocol === "panel" ? panel(s) : s.protocol === "barem" ? barem(s) : s.protocol === "consensus" ? consensus(s) : s.protocol === "pairwise" ? pairwiseSection(s) : checklist(s);
  return section(`protocol-${s.protocol}`, PROTOCOL_TITLES[s.protocol] ?? s.protocol, commonHeader(s), s.scored === 0 ? badge("no scored line", "bad") : null, ...body);
}

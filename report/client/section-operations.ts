/// <reference lib="dom" />
import type { Count, Operations } from "../model.js";
import { fmt, h, ms, pct, table, tile, usd } from "./dom.js";
import { card, countsCard, distributionCard, grid, section, tiles } from "./layout.js";

function countsTable(title: string, counts: readonly Count[], head: string, note: string, empty: string): HTMLElement {
  if (counts.length === 0) return card(title, h("p", { class: "empty" }, empty), note);
  return card(title, table([head, "count"], counts.map((c) => [c.key, fmt(c.count)])), note);
}

/** Fallbacks, unscored lines, invalid outputs, warnings, tokens, cost, calls and latency, across every line. */
export function operationsSection(o: Operations): HTMLElement {
  const perLine = (v: number) => (o.lines > 0 ? fmt(v / o.lines, 1) : "—");
  return section(
    "operations",
    "Failures, tokens and cost",
    tiles(
      tile(fmt(o.unscored), `unscored (${pct(o.unscored, o.lines)})`, o.unscored > 0 ? "bad" : "good"),
      tile(fmt(o.fallbacks.lines), `with an offline fallback (${fmt(o.fallbacks.total)} calls)`, o.fallbacks.lines > 0 ? "warn" : "good"),
      tile(fmt(o.invalidOutputs.lines), `with an invalid output (${fmt(o.invalidOutputs.total)} answers)`, o.invalidOutputs.lines > 0 ? "warn" : "good"),
      tile(fmt(o.retries.lines), `with a retried request (${fmt(o.retries.total)} retries)`, o.retries.lines > 0 ? "warn" : ""),
      tile(fmt(o.warnings.lines), `with a warning (${fmt(o.warnings.total)})`, o.warnings.lines > 0 ? "warn" : ""),
      tile(fmt(o.tokens.total), `tokens (${fmt(o.tokens.input)} in, ${fmt(o.tokens.output)} out; ${perLine(o.tokens.total)} per dialogue)`),
      tile(o.cost ? usd(o.cost.usd) : "—", o.cost ? `cost (meta.cost_usd on ${fmt(o.cost.lines)} of ${fmt(o.lines)} lines)` : "cost: no line carries meta.cost_usd"),
      tile(fmt(o.calls), `agent calls (${perLine(o.calls)} per dialogue)`),
      tile(ms(o.latency.totalMs), `summed call time (median ${ms(o.latency.distribution.median)} per dialogue)`),
    ),
    grid(
      countsCard("Offline fallbacks by agent · kind", o.fallbacks.by, "meta.fallbacks: the LLM call failed after retries and the offline judge answered (never a low score)", "No fallback: every agent's answer came from the configured judge.", "#f59e0b"),
      countsCard("Unscored by agent · kind", o.unscoredBy, "status unscored: an agent failed with --on-failure unscored; the line carries the error", "No unscored dialogue.", "#dc2626"),
      countsCard("Retried requests by agent · kind", o.retries.by, "meta.retries: requests retried after a rate limit, a server error, a time-out or a dropped connection", "No retried request."),
      countsCard("Invalid outputs by agent · kind", o.invalidOutputs.by, "meta.invalid_outputs: answers that failed the schema or the checks (repaired or not)", "No invalid output.", "#f97316"),
      distributionCard("Summed call time per dialogue (ms)", o.latency.distribution, "meta.latency_ms", false),
      countsTable("Warnings (most frequent)", o.warnings.top, "warning", "meta.warnings", "No warning."),
      card(
        "By model",
        table(
          ["model", "lines", "tokens", "cost"],
          o.byModel.map((m) => [m.model, fmt(m.lines), fmt(m.tokens), usd(m.costUsd)]),
        ),
        "meta.model, meta.tokens.total, meta.cost_usd",
      ),
    ),
  );
}

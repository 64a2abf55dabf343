import { clean } from "../scoring/numbers.js";
import { distribution } from "./distribution.js";
import { num, str, strings } from "../results/fields.js";
import { agentEvents, metaCost, metaTokens, retryEvents } from "../results/meta-fields.js";
import { tally } from "./tally.js";
import type { ReportLine } from "./lines.js";
import type { Operations } from "./model.js";

const TOP_WARNINGS = 12;

const events = (lines: readonly ReportLine[], field: string) => {
  const perLine = lines.map((l) => agentEvents(l.meta[field]));
  const all = perLine.flat();
  return { lines: perLine.filter((e) => e.length > 0).length, total: all.length, by: tally(all.map((e) => `${e.agent} · ${e.kind}`)) };
};

function retriesOf(lines: readonly ReportLine[]) {
  const perLine = lines.map((l) => retryEvents(l.meta["retries"]));
  const all = perLine.flat();
  return { lines: perLine.filter((e) => e.length > 0).length, total: all.length, by: tally(all.map((e) => `${e.agent} · ${e.kind}`)) };
}

/** Operations across every line: statuses, failures, warnings, tokens, cost, calls and latency. */
export function summariseOperations(lines: readonly ReportLine[]): Operations {
  const unscored = lines.filter((l) => l.status === "unscored");
  const warnings = lines.map((l) => strings(l.meta["warnings"]));
  const tokens = lines.map((l) => metaTokens(l.meta));
  const costs = lines.map((l) => metaCost(l.meta));
  const latencies = lines.map((l) => num(l.meta["latency_ms"]));
  const withCost = costs.filter((c): c is number => c !== null);
  const sum = (values: readonly (number | null)[]) => values.reduce<number>((s, v) => s + (v ?? 0), 0);

  const models = new Map<string, { lines: number; tokens: number; cost: number; costLines: number }>();
  lines.forEach((l, i) => {
    const model = str(l.meta["model"]) || "(unknown)";
    const m = models.get(model) ?? { lines: 0, tokens: 0, cost: 0, costLines: 0 };
    m.lines++;
    m.tokens += tokens[i]?.total ?? 0;
    const c = costs[i];
    if (c !== null && c !== undefined) {
      m.cost += c;
      m.costLines++;
    }
    models.set(model, m);
  });

  return {
    lines: lines.length,
    scored: lines.length - unscored.length,
    unscored: unscored.length,
    unscoredBy: tally(unscored.map((l) => agentEvents([l.raw["error"]])[0]).map((e) => (e ? `${e.agent} · ${e.kind}` : "? · error"))),
    fallbacks: events(lines, "fallbacks"),
    invalidOutputs: events(lines, "invalid_outputs"),
    retries: retriesOf(lines),
    warnings: { lines: warnings.filter((w) => w.length > 0).length, total: warnings.flat().length, top: tally(warnings.flat()).slice(0, TOP_WARNINGS) },
    tokens: {
      input: sum(tokens.map((t) => t?.input ?? null)),
      output: sum(tokens.map((t) => t?.output ?? null)),
      total: sum(tokens.map((t) => t?.total ?? null)),
      lines: tokens.filter((t) => t !== null).length,
    },
    cost: withCost.length === 0 ? null : { usd: clean(sum(withCost)), lines: withCost.length },
    calls: sum(lines.map((l) => num(l.meta["calls"]))),
    latency: { totalMs: sum(latencies), distribution: distribution(latencies, { kind: "auto", maxBins: 12 }) },
    byModel: [...models].map(([model, m]) => ({ model, lines: m.lines, tokens: m.tokens, costUsd: m.costLines > 0 ? clean(m.cost) : null })).sort((a, b) => b.lines - a.lines),
  };
}

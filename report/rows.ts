import type { Detail, Row } from "./model.js";
import type { ReportLine } from "./lines.js";

function ruleFlag(rule: string, criterion: string | null): string {
  if (rule.startsWith("cap")) return `capped:${criterion ?? "?"}`;
  if (rule.startsWith("deduct")) return "deduction";
  return criterion ? `${rule}:${criterion}` : rule;
}

/** Searchable markers of a dialogue: what is worth finding in a table of thousands. */
export function rowFlags(detail: Detail): string[] {
  const flags: string[] = [];
  const b = detail.body;
  if (b?.protocol === "unscored") flags.push("unscored");
  if (b?.protocol === "panel") {
    if (b.adopted) flags.push("adopted");
    for (const action of ["accepted", "kept", "no_op"]) if (b.criteria.some((c) => c.decision?.action === action)) flags.push(action);
    if (b.criteria.some((c) => c.evaluator.quotes.some((q) => !q.verified) || (c.decision?.quotes ?? []).some((q) => !q.verified))) flags.push("unverified");
  }
  if (b?.protocol === "panel" || b?.protocol === "barem") for (const r of b.rules) if (r.fired) flags.push(ruleFlag(r.rule, r.criterion));
  if (b?.protocol === "consensus") {
    if ((b.rounds ?? 1) > 1) flags.push("debate");
    if (b.method && b.method !== "agreement") flags.push(b.method);
  }
  if (b?.protocol === "checklist") {
    flags.push(b.rejected ? "rejected" : b.passed ? "passed" : "failed");
    for (const c of b.gate.criteria) flags.push(`gate:${c}`);
    if (b.criteria.some((c) => c.invalidNa)) flags.push("invalid_na");
    if ((b.errors ?? 0) > 0) flags.push("error_answer");
  }
  if (b?.protocol === "pairwise") {
    flags.push(b.winner === "A" || b.winner === "B" ? `${b.winner}_wins` : "tie");
    if (b.tieReason === "position_bias") flags.push("position_bias");
    if ((b.roundsConducted ?? 1) > 1) flags.push("reconsidered");
    if (b.criteria.some((c) => [...c.evidenceA, ...c.evidenceB].some((q) => !q.verified))) flags.push("unverified");
  }
  if (detail.meta.fallbacks.length > 0) flags.push("fallback");
  if (detail.meta.invalidOutputs.length > 0) flags.push("invalid_output");
  if (detail.meta.retries.length > 0) flags.push("retry");
  if (detail.meta.warnings.length > 0) flags.push("warning");
  return flags;
}

/** The table row of one line. */
export function lineRow(line: ReportLine, detail: Detail): Row {
  const s = line.scores;
  return {
    line: line.line,
    id: line.id,
    protocol: line.protocol,
    status: line.status,
    overall: s ? (s.bucketed ?? s.continuous) : null,
    score: s ? s.continuous : null,
    flags: rowFlags(detail),
    tokens: detail.meta.tokens?.total ?? null,
    costUsd: detail.meta.costUsd,
    latencyMs: detail.meta.latencyMs,
    model: detail.meta.model,
    error: detail.body?.protocol === "unscored" ? `${detail.body.error.agent} · ${detail.body.error.kind}: ${detail.body.error.message}` : null,
    // The labels are joined later (report/human.ts), when they are given.
    human: null,
    gap: null,
  };
}

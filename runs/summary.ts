import { isObject, obj, objects, type Json } from "../results/fields.js";
import { juryOf, type JuryAgreement } from "../results/jury.js";
import { lineTokens } from "../results/meta-fields.js";
import type { StabilitySummary } from "./stability.js";

type Counts = Record<string, number>;

/** What `tribunal evaluate` reports at the end of a run (and `--summary-json` writes). */
export interface BatchSummary {
  /** Dialogues in the input file. */
  inputs: number;
  /** Dialogues this run had to judge (inputs minus the ones `--resume` found in `--out`). */
  total: number;
  /** Dialogues skipped because `--out` already had their line (`--resume`). */
  skipped: number;
  /** Lines written by this run. */
  judged: number;
  scored: number;
  unscored: number;
  /** Scored dialogues where at least one agent fell back to the offline judge. */
  withFallback: number;
  /** Agent calls answered by the offline judge after the LLM failed, by failure kind. */
  fallbacks: Counts;
  /** Unscored dialogues by failure kind. */
  unscoredKinds: Counts;
  /** Invalid answers met (repaired or not), by kind: malformed_json, schema_invalid, out_of_scale, … */
  invalidOutputs: Counts;
  /** Failed requests that were retried, by kind: rate_limited, server_error, timeout, connection. */
  retries: Counts;
  /** Dialogues with a prompt-injection warning. */
  injectionFlagged: number;
  tokens: { input: number; output: number; total: number };
  /** null when the model has no price (see `--prices`). */
  costUsd: number | null;
  wallMs: number;
  /** Set when `--budget` stopped the run before every dialogue was judged. */
  budgetStop?: { limitUsd: number; spentUsd: number; nextEstimateUsd: number; left: number };
  stability?: StabilitySummary;
  /** `--jury`: scored dialogues some member failed on (the verdict is the other members'). */
  juryIncomplete: number;
  /** `--jury`: the members' agreement over the run (Krippendorff's α per criterion). */
  jury?: JuryAgreement;
}

export function emptySummary(inputs: number, skipped: number): BatchSummary {
  return {
    inputs,
    total: inputs - skipped,
    skipped,
    judged: 0,
    scored: 0,
    unscored: 0,
    withFallback: 0,
    fallbacks: {},
    unscoredKinds: {},
    invalidOutputs: {},
    retries: {},
    injectionFlagged: 0,
    juryIncomplete: 0,
    tokens: { input: 0, output: 0, total: 0 },
    costUsd: 0,
    wallMs: 0,
  };
}

const bump = (counts: Counts, key: unknown, by = 1) => {
  const k = typeof key === "string" ? key : "error";
  counts[k] = (counts[k] ?? 0) + by;
};

/** Counts what one judgement (a sample) met: invalid outputs, retries, fallbacks, tokens. */
export function addEvents(summary: BatchSummary, line: Json): void {
  const meta = obj(line.meta);
  for (const p of objects(meta.invalid_outputs)) bump(summary.invalidOutputs, p.kind);
  for (const r of objects(meta.retries)) bump(summary.retries, r.kind);
  for (const f of objects(meta.fallbacks)) bump(summary.fallbacks, f.kind);
  const { input, output } = lineTokens(line);
  summary.tokens.input += input;
  summary.tokens.output += output;
  summary.tokens.total += input + output;
}

/** Counts the written line: scored, with a fallback, or unscored (and why). */
export function addLine(summary: BatchSummary, line: Json): void {
  const meta = obj(line.meta);
  summary.judged++;
  if (meta.status === "scored") summary.scored++;
  else {
    summary.unscored++;
    bump(summary.unscoredKinds, isObject(line.error) ? line.error.kind : "error");
  }
  if (meta.status === "scored" && objects(meta.fallbacks).length > 0) summary.withFallback++;
  if (meta.status === "scored" && (juryOf(line)?.failed.length ?? 0) > 0) summary.juryIncomplete++;
}

const counts = (c: Counts) =>
  Object.entries(c)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, n]) => `${k} ${n}`)
    .join(", ") || "none";

export function formatUsd(usd: number | null): string {
  if (usd === null) return "unknown";
  return `$${usd < 1 ? usd.toFixed(4) : usd.toFixed(2)}`;
}

export function formatTokens(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(2)}M` : n >= 1e4 ? `${Math.round(n / 1e3)}k` : String(n);
}

const alphaText = (alpha: number | null) => (alpha === null ? "n/a" : alpha.toFixed(2));

/** `jury of 3 (a, b, c): agreement α overall 0.71; TaskSuccess 0.64, … · member b failed on 2 dialogues`. */
function formatJury(jury: JuryAgreement, incomplete: number): string {
  const criteria = Object.entries(jury.criteria)
    .map(([id, alpha]) => `${id} ${alphaText(alpha)}`)
    .join(", ");
  const failures = Object.entries(jury.failures).map(([member, n]) => `member ${member} failed on ${n} dialogue${n === 1 ? "" : "s"}`);
  const incompleteText = incomplete > 0 ? [`${incomplete} scored dialogue${incomplete === 1 ? "" : "s"} without every member (jury.failed)`] : [];
  return [`jury of ${jury.members.length} (${jury.members.join(", ")}): Krippendorff's α across members ${jury.metric}, overall ${alphaText(jury.overall)}; ${criteria || "no criteria"}`, ...failures, ...incompleteText].join(" · ");
}

/**
 * The one-line summary on stderr: `tribunal: S/T scored, F with offline fallback, U unscored in X s
 * [→ out] · invalid outputs: … · retries: … · tokens … · cost …` (then resume, budget and stability
 * notes when they apply).
 */
export function formatSummary(s: BatchSummary, out?: string): string {
  const parts = [
    `tribunal: ${s.scored}/${s.total} scored, ${s.withFallback} with offline fallback, ${s.unscored} unscored in ${(s.wallMs / 1000).toFixed(1)} s${out ? ` → ${out}` : ""}`,
    `invalid outputs: ${counts(s.invalidOutputs)}`,
    `retries: ${counts(s.retries)}`,
    `tokens ${formatTokens(s.tokens.total)} (in ${formatTokens(s.tokens.input)}, out ${formatTokens(s.tokens.output)})`,
    `cost ${formatUsd(s.costUsd)}`,
  ];
  if (Object.keys(s.fallbacks).length > 0) parts.push(`fallbacks: ${counts(s.fallbacks)}`);
  if (s.withFallback > 0) {
    parts.push(`${s.withFallback} of ${s.scored} scored dialogue${s.scored === 1 ? "" : "s"} fell back to the offline judge for some agent, not the requested model (meta.scored_by names who scored each line)`);
  }
  if (s.unscored > 0) parts.push(`unscored: ${counts(s.unscoredKinds)}`);
  if (s.injectionFlagged > 0) parts.push(`${s.injectionFlagged} with prompt-injection warnings`);
  if (s.skipped > 0) parts.push(`resumed: ${s.skipped} already done`);
  if (s.stability) {
    const spreads = Object.entries(s.stability.criteria)
      .map(([id, c]) => `${id} ${c.mean_spread}`)
      .join(", ");
    parts.push(`stability over ${s.stability.samples} samples: bucket flips ${s.stability.bucket_flips}/${s.stability.dialogues} (${(s.stability.flip_rate * 100).toFixed(1)} %), mean spread ${spreads || "none"}`);
  }
  if (s.jury) parts.push(formatJury(s.jury, s.juryIncomplete));
  if (s.budgetStop) {
    const b = s.budgetStop;
    parts.push(`budget ${formatUsd(b.limitUsd)} reached: spent ${formatUsd(b.spentUsd)}, next dialogue estimated ${formatUsd(b.nextEstimateUsd)}; ${b.left} not judged, rerun with --resume to continue`);
  }
  return parts.join(" · ");
}

/** Where a run stands, after each written line. */
export interface BatchProgress {
  done: number;
  total: number;
  skipped: number;
  scored: number;
  withFallback: number;
  unscored: number;
  tokens: number;
  costUsd: number | null;
  elapsedMs: number;
}

/** The progress a summary stands at, `started` being the run's start (performance.now()). */
export function progressOf(summary: BatchSummary, started: number): BatchProgress {
  return {
    done: summary.judged,
    total: summary.total,
    skipped: summary.skipped,
    scored: summary.scored,
    withFallback: summary.withFallback,
    unscored: summary.unscored,
    tokens: summary.tokens.total,
    costUsd: summary.costUsd,
    elapsedMs: Math.round(performance.now() - started),
  };
}

import { clean, formatScore } from "../scoring/numbers.js";
import type { ResultRow } from "./result-row.js";

/** `--fail-under` (the mean headline) and `--fail-under-each` (every headline), on the rubric's scale. */
export interface ScoreGates {
  failUnder?: number;
  failUnderEach?: number;
}

export interface GateResult {
  gate: "--fail-under" | "--fail-under-each";
  passed: boolean;
  /** One line for stderr: which gate, and by how much it failed. */
  message: string;
}

/** Ids listed when --fail-under-each fails; the rest are counted. */
const LISTED = 5;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function meanGate(threshold: number, scores: readonly number[], name: string): GateResult {
  const gate = "--fail-under";
  if (scores.length === 0) return { gate, passed: false, message: `${gate} ${threshold} failed: no scored dialogue to average` };
  const mean = clean(scores.reduce((s, x) => s + x, 0) / scores.length);
  const what = `the mean ${name} of ${plural(scores.length, "scored dialogue")} is ${formatScore(mean)}`;
  if (mean >= threshold) return { gate, passed: true, message: `${gate} ${threshold} passed: ${what}` };
  return { gate, passed: false, message: `${gate} ${threshold} failed: ${what}, ${formatScore(clean(threshold - mean))} below it` };
}

function eachGate(threshold: number, rows: readonly { id: string | number; headline: number }[], name: string): GateResult {
  const gate = "--fail-under-each";
  const low = rows.filter((r) => r.headline < threshold).sort((a, b) => a.headline - b.headline || String(a.id).localeCompare(String(b.id), "en", { numeric: true }));
  const lowest = low[0];
  if (rows.length === 0) return { gate, passed: true, message: `${gate} ${threshold} passed: no scored dialogue to check` };
  if (!lowest) return { gate, passed: true, message: `${gate} ${threshold} passed: ${name} ≥ ${threshold} on every one of ${plural(rows.length, "scored dialogue")}` };
  const listed = low.slice(0, LISTED).map((r) => `${r.id} ${formatScore(r.headline)}`);
  const more = low.length > LISTED ? `, and ${low.length - LISTED} more` : "";
  return {
    gate,
    passed: false,
    message: `${gate} ${threshold} failed: ${name} below it on ${low.length} of ${plural(rows.length, "scored dialogue")}, the lowest by ${formatScore(clean(threshold - lowest.headline))} (${listed.join(", ")}${more})`,
  };
}

/**
 * The gates asked for, over the rows with a headline (scored lines, a fallback's included). An
 * unscored line is not a low score: it counts for neither gate (the exit code reports it anyway).
 * With no scored line, --fail-under fails: nothing shows the mean was met.
 */
export function checkScoreGates(rows: readonly ResultRow[], gates: ScoreGates, headlineName: string): GateResult[] {
  const scored = rows.flatMap((r) => (r.headline === undefined ? [] : [{ id: r.id, headline: r.headline }]));
  const results: GateResult[] = [];
  if (gates.failUnder !== undefined) results.push(meanGate(gates.failUnder, scored.map((r) => r.headline), headlineName));
  if (gates.failUnderEach !== undefined) results.push(eachGate(gates.failUnderEach, scored, headlineName));
  return results;
}

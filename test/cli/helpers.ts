import { readFileSync } from "node:fs";
import { expect } from "vitest";

import { ROOT, runCli, type CliRun } from "../support/cli.js";

export { ROOT, runCli, type CliRun };
export const SCALE = [20, 40, 60, 80, 100];

export function stderrLines(run: CliRun): string[] {
  return run.stderr.split("\n").filter((l) => l.trim() !== "");
}

/** No stack trace: no `    at …` frame and no `node:internal` line. */
export function expectNoStackTrace(run: CliRun): void {
  expect(run.stderr).not.toMatch(/^\s+at /m);
  expect(run.stderr).not.toContain("node:internal");
}

export interface RubricFile {
  id: string;
  criteria: { id: string; weight: number }[];
  rules: { kind: string }[];
}

export function rubricFile(id: string): RubricFile {
  return JSON.parse(readFileSync(`${ROOT}rubrics/${id}.json`, "utf8")) as RubricFile;
}

export type Line = {
  dialogue_id: string | number;
  evaluator: Record<string, unknown>;
  critic: { criterion: string; agree: boolean; comment: string; suggested_score: number | null }[];
  referee_final: Record<string, unknown>;
  audit: Record<string, unknown>;
  meta: Record<string, unknown>;
};

export function parseLines(text: string): Line[] {
  return text
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Line);
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Floor ("bias low") bucket on 20/40/60/80/100, computed here from its definition. */
export function floorBucket(value: number): number {
  const v = Math.round(value * 1e9) / 1e9;
  return v >= 100 ? 100 : v >= 80 ? 80 : v >= 60 ? 60 : v >= 40 ? 40 : 20;
}

function scoreOf(block: Record<string, unknown>, criterion: string): number {
  const verdict = block[criterion] as { score?: unknown; justification?: unknown } | undefined;
  expect(verdict, `verdict for ${criterion}`).toBeDefined();
  expect(typeof verdict?.justification).toBe("string");
  expect(SCALE).toContain(verdict?.score);
  return verdict?.score as number;
}

/**
 * Checks one panel line (docs/protocols.md#panel-output) against the rubric: the shape, and every number recomputed here from the
 * referee's scores (weights, ccpe-strict's −10 when any criterion is below 60, floor bucket).
 */
export function checkLine(line: Line, rubric: RubricFile, model = "offline"): void {
  const ids = rubric.criteria.map((c) => c.id);
  const weighted = (block: Record<string, unknown>) => rubric.criteria.reduce((s, c) => s + scoreOf(block, c.id) * c.weight, 0);
  const where = `dialogue ${line.dialogue_id}`;

  expect(Object.keys(line).sort(), where).toEqual(["audit", "critic", "dialogue_id", "evaluator", "meta", "referee_final"]);
  expect(Object.keys(line.evaluator).sort(), where).toEqual([...ids, "numeric_weighted_average"].sort());
  expect(line.evaluator.numeric_weighted_average, where).toBe(round2(weighted(line.evaluator)));

  expect(line.critic.map((e) => e.criterion), where).toEqual(ids);
  for (const entry of line.critic) {
    expect(Object.keys(entry).sort()).toEqual(["agree", "comment", "criterion", "suggested_score"]);
    expect(typeof entry.agree).toBe("boolean");
    expect(typeof entry.comment).toBe("string");
    if (entry.suggested_score !== null) expect(SCALE).toContain(entry.suggested_score);
  }

  expect(Object.keys(line.referee_final).sort(), where).toEqual([...ids, "OverallExperience", "numeric_weighted_average"].sort());
  const average = weighted(line.referee_final);
  const deducts = rubric.rules.some((r) => r.kind === "deduct_when_any_criterion_below");
  const anyLow = ids.some((id) => scoreOf(line.referee_final, id) < 60);
  const adjusted = deducts && anyLow ? average - 10 : average;
  expect(line.referee_final.numeric_weighted_average, where).toBe(round2(average));
  expect(line.referee_final.OverallExperience, where).toBe(floorBucket(adjusted));
  // The referee only moves a score on a disagreement (or lowers it by a rubric cap).
  for (const entry of line.critic) {
    const before = scoreOf(line.evaluator, entry.criterion);
    const after = scoreOf(line.referee_final, entry.criterion);
    if (entry.agree || entry.suggested_score === null) {
      if (rubric.rules.length === 0) expect(after, `${where} ${entry.criterion}`).toBe(before);
      else expect(after, `${where} ${entry.criterion}`).toBeLessThanOrEqual(before);
    }
  }

  expect(typeof line.audit.decision_rules_applied).toBe("string");
  expect((line.audit.decision_rules_applied as string).length).toBeGreaterThan(0);
  expect(Array.isArray(line.audit.evidence_used)).toBe(true);
  for (const e of line.audit.evidence_used as unknown[]) expect(typeof e).toBe("string");
  expect(line.audit.weighted_calc).toContain(`= ${average.toFixed(2)}`);
  expect(line.audit.mapping_rule).toMatch(new RegExp(`${adjusted.toFixed(2)} → ${floorBucket(adjusted)}$`));

  expect(line.meta).toMatchObject({ protocol: "panel", rubric: rubric.id, model, status: "scored", fallbacks: [] });
}

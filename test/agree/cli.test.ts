/**
 * `tribunal agree` end to end: `tribunal evaluate` (offline judge) on a small labelled USS fixture,
 * then agree on its results, as table and as JSON, and on broken inputs. The evaluate run and the
 * JSON run are real processes (`node bin/tribunal.js`); the other cases run the same program in
 * this process, which saves a tsx start-up (~2 s) each.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, runInProcess, stderrLines } from "./run-cli.js";

const LABELS = "test/agree/fixtures/labelled-uss.tsv";
const dir = mkdtempSync(join(tmpdir(), "tribunal-agree-"));
const results = join(dir, "results.jsonl");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  const run = await runCli(["evaluate", LABELS, "--out", results]);
  expect(run.code, run.stderr).toBe(0);
});

const write = (name: string, lines: string[]): string => {
  const path = join(dir, name);
  writeFileSync(path, lines.map((l) => `${l}\n`).join(""));
  return path;
};
const resultLines = (): string[] => readFileSync(results, "utf8").split("\n").filter((l) => l !== "");

describe("tribunal agree", () => {
  it("--json prints one JSON object with every measure", async () => {
    const run = await runCli(["agree", results, "--labels", LABELS, "--json", "--resamples", "200", "--seed", "3"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.stdout.trim().split("\n")).toHaveLength(1);
    const report = JSON.parse(run.stdout);
    expect(Object.keys(report).sort()).toEqual(
      ["bootstrap", "bucketed", "continuous", "counts", "criteria", "krippendorff", "labels", "notes", "oneMoreAnnotator", "protocol", "protocolAgnostic", "results", "rubric", "verdict"].sort(),
    );
    expect(report.protocol).toBe("panel");
    expect(report.counts).toEqual({ resultLines: 8, unscored: 0, withoutScore: 0, labelDialogues: 8, withoutResult: 0, withoutHumanOverall: 0, joined: 8 });
    expect(report.bootstrap).toMatchObject({ resamples: 200, seed: 3, level: 0.95 });
    expect(Object.keys(report.continuous.spearman).sort()).toEqual(["high", "low", "n", "resamples", "value"]);
    expect(report.continuous.field).toBe("referee_final.numeric_weighted_average");
    expect(report.bucketed.field).toBe("referee_final.OverallExperience");
    // The humans' side does not depend on the judge (scipy.stats.spearmanr on the fixture's OVERALL ratings):
    // rater 1 vs the others' mean 0.900778, rater 2 0.764344, rater 3 0.821238; rater 4 exists on 2 dialogues only.
    const positions = report.oneMoreAnnotator.positions as { rater: number; n: number; human: number | null }[];
    expect(positions.map((p) => p.n)).toEqual([8, 8, 8, 2]);
    expect(positions[0]?.human).toBeCloseTo(0.9007775105401477, 10);
    expect(positions[1]?.human).toBeCloseTo(0.7643438371506478, 10);
    expect(positions[2]?.human).toBeCloseTo(0.8212380317755189, 10);
    expect(positions[3]?.human).toBeNull();
    expect(report.criteria.map((c: { criterion: string }) => c.criterion)).toEqual(["TaskSuccess", "Helpfulness", "Accuracy", "Understanding", "Empathy", "Fluency"]);
    expect(report.verdict.line).toMatch(/^(judge ≥ one human|judge < one human|undetermined)/);
  });

  it("prints the tables by default", async () => {
    const run = await runInProcess(["agree", results, "--labels", LABELS, "--resamples", "100"]);
    expect(run.code, run.stderr).toBe(0);
    for (const heading of ["Judge vs human mean OVERALL (n = 8)", "Krippendorff's α (interval)", "One more annotator", "Criterion vs OVERALL", "verdict: "]) {
      expect(run.stdout).toContain(heading);
    }
  });

  it("counts unscored lines and dialogues without a result", async () => {
    const lines = resultLines();
    const unscored = JSON.stringify({ dialogue_id: 3, status: "unscored", error: { agent: "panel", kind: "timeout", message: "timed out" }, meta: { protocol: "panel", status: "unscored" } });
    const edited = lines.filter((l) => !l.startsWith('{"dialogue_id":7,') && !l.startsWith('{"dialogue_id":3,')).concat(unscored);
    const run = await runInProcess(["agree", write("edited.jsonl", edited), "--labels", LABELS, "--json", "--resamples", "50"]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).counts).toEqual({ resultLines: 7, unscored: 1, withoutScore: 0, labelDialogues: 8, withoutResult: 1, withoutHumanOverall: 0, joined: 6 });
  });

  it("fails with one line and exit code 2 on a result the labels do not have", async () => {
    const stray = JSON.stringify({ dialogue_id: 42, status: "unscored", meta: { protocol: "panel" } });
    const path = write("stray.jsonl", [...resultLines(), stray]);
    const run = await runInProcess(["agree", path, "--labels", LABELS]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(stderrLines(run)).toEqual([`tribunal: ${path}:9: dialogue_id 42 is not in the labels file ${LABELS} (8 dialogues)`]);
  });

  it("fails with one line and exit code 2 on a line that is not JSON, or on a missing results file", async () => {
    const path = write("broken.jsonl", [...resultLines().slice(0, 2), "{oops"]);
    // One at a time: runInProcess captures the process's own stdout/stderr.
    const broken = await runInProcess(["agree", path, "--labels", LABELS]);
    const missing = await runInProcess(["agree", join(dir, "nope.jsonl"), "--labels", LABELS]);
    expect(broken.code).toBe(2);
    expect(stderrLines(broken)).toHaveLength(1);
    expect(stderrLines(broken)[0]).toMatch(/^tribunal: .*broken\.jsonl:3: not a JSON line/);
    expect(missing.code).toBe(2);
    expect(stderrLines(missing)).toEqual([`tribunal: ${join(dir, "nope.jsonl")}: cannot read the results file (ENOENT)`]);
  });

  it("fails with exit code 2 without --labels or with a bad --resamples", async () => {
    const noLabels = await runInProcess(["agree", results]);
    expect(noLabels.code).toBe(2);
    expect(stderrLines(noLabels)[0]).toMatch(/^error: required option '--labels <dialogues>' not specified/);
    const badResamples = await runInProcess(["agree", results, "--labels", LABELS, "--resamples", "-1"]);
    expect(badResamples.code).toBe(2);
    expect(stderrLines(badResamples)[0]).toMatch(/--resamples must be a whole number ≥ 0/);
  });
});

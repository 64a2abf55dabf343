/**
 * A real run: `tribunal evaluate` (offline judge) on the first 20 CCPE dialogues with rubric
 * ccpe-strict, without and with --blind, then `tribunal agree` against CCPE.txt. Without --blind the
 * TaskSuccess cap read every dialogue's human OVERALL ratings, so agree refuses; with --blind it runs.
 * Needs the USS data (TRIBUNAL_DATA_DIR, else ../shared/data), like uss-data.test.ts; fails without it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ussFile } from "../support/uss-data.js";
import { runCli, runInProcess, stderrLines } from "./run-cli.js";


const DIALOGUES = 20;
const tmp = mkdtempSync(join(tmpdir(), "tribunal-agree-blind-uss-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const seen = join(tmp, "seen.jsonl");
const blind = join(tmp, "blind.jsonl");

beforeAll(async () => {
  const sessions = readFileSync(ussFile("CCPE.txt"), "utf8").split(/\r?\n[ \t]*\r?\n/).filter((s) => s.trim() !== "");
  const input = join(tmp, "ccpe-20.txt");
  writeFileSync(input, `${sessions.slice(0, DIALOGUES).join("\n\n")}\n`);
  const runs = await Promise.all([
    runCli(["evaluate", input, "--rubric", "ccpe-strict", "--out", seen]),
    runCli(["evaluate", input, "--rubric", "ccpe-strict", "--blind", "--out", blind]),
  ]);
  for (const run of runs) expect(run.code, run.stderr).toBe(0);
}, 120_000);

/** The TaskSuccess cap's audit record on each line of a results file. */
const capRecords = (file: string): { fired: boolean; detail: string }[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => (JSON.parse(l).audit.rules as { rule: string; fired: boolean; detail: string }[]).find((r) => r.rule === "cap_when_human_overall_below") as { fired: boolean; detail: string });

describe("tribunal agree on ccpe-strict results of 20 CCPE dialogues", () => {
  it("refuses the results scored without --blind, counting the lines where the cap did not fire too", async () => {
    const records = capRecords(seen);
    expect(records).toHaveLength(DIALOGUES);
    const fired = records.filter((r) => r.fired).length;
    expect(fired).toBeLessThan(DIALOGUES); // most lines read the ratings and were left alone: still refused
    const run = await runCli(["agree", seen, "--labels", ussFile("CCPE.txt")]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(stderrLines(run)).toEqual([
      `tribunal: ${seen}: 20 of 20 result lines were scored without --blind by cap_when_human_overall_below (TaskSuccess; lines 1–20, fired on ${fired}), a rule that reads the human ratings agree compares the judge with: the agreement would be inflated; rerun tribunal evaluate with --blind`,
    ]);
  });

  it("runs on the results scored with --blind", async () => {
    expect(capRecords(blind).every((r) => !r.fired && r.detail.startsWith("disabled by --blind"))).toBe(true);
    const run = await runInProcess(["agree", blind, "--labels", ussFile("CCPE.txt"), "--json", "--resamples", "200"]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.rubric).toBe("ccpe-strict");
    expect(report.counts).toMatchObject({ resultLines: DIALOGUES, joined: DIALOGUES, withoutResult: 500 - DIALOGUES });
    expect(report.verdict.line).toMatch(/^(judge ≥ one human|judge < one human|undetermined)/);
  });
});

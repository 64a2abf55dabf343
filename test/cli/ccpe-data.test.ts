/**
 * The CLI on real data: the first 300 CCPE dialogues (USS format) judged offline with ccpe-strict.
 * The data comes from TRIBUNAL_DATA_DIR, else ../shared/data beside the checkout; without it this test fails.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ussFile } from "../support/uss-data.js";
import { checkLine, expectNoStackTrace, parseLines, rubricFile, runCli, stderrLines } from "./helpers.js";

const COUNT = 300;
const dir = mkdtempSync(join(tmpdir(), "tribunal-cli-ccpe-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The first `count` sessions (blank-line separated) of a USS file, as a new file. */
function firstSessions(path: string, count: number): string {
  const sessions = readFileSync(path, "utf8")
    .split(/\r?\n(?:[ \t]*\r?\n)+/)
    .map((s) => s.trim())
    .filter((s) => s !== "");
  expect(sessions.length).toBeGreaterThanOrEqual(count);
  const copy = join(dir, `ccpe-first-${count}.txt`);
  writeFileSync(copy, `${sessions.slice(0, count).join("\n\n")}\n`);
  return copy;
}

describe("tribunal evaluate on CCPE (needs the USS data)", () => {
  it(`judges the first ${COUNT} dialogues: one valid line each, ids 0..${COUNT - 1} exactly once`, async () => {
    const input = firstSessions(ussFile("CCPE.txt"), COUNT);
    const out = join(dir, "results.jsonl");
    // No progress lines: the summary must be the only line on stderr however long the run takes.
    const run = await runCli(["evaluate", input, "--rubric", "ccpe-strict", "--out", out, "--concurrency", "8", "--progress", "none"]);
    expect(run.code, run.stderr).toBe(0);
    expect(stderrLines(run)).toEqual([expect.stringMatching(new RegExp(`^tribunal: ${COUNT}/${COUNT} scored, 0 with offline fallback, 0 unscored`))]);
    expectNoStackTrace(run);

    const lines = parseLines(readFileSync(out, "utf8"));
    expect(lines).toHaveLength(COUNT);
    const ids = lines.map((l) => l.dialogue_id as number).sort((a, b) => a - b);
    expect(ids).toEqual(Array.from({ length: COUNT }, (_, i) => i));
    const rubric = rubricFile("ccpe-strict");
    for (const line of lines) checkLine(line, rubric);
    // Real data exercises the rules: some dialogue lands below 60 somewhere and pays the −10.
    expect(lines.some((l) => / − 10 = /.test(String(l.audit.weighted_calc)))).toBe(true);
  }, 120_000);
});

/**
 * `tribunal report` as a command: a real process for the happy path and --help, the same program in
 * this process for the failures (saves a tsx start-up each).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli, runInProcess, stderrLines } from "../agree/run-cli.js";
import { jsonlOf, PANEL_TAXI, TAXI } from "./dialogue-lines.js";
import { ALL, jsonl } from "./lines.js";
import { PAIRWISE_LINES } from "./pairwise-lines.js";

const dir = mkdtempSync(join(tmpdir(), "tribunal-report-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const results = file("hand.jsonl", jsonl(ALL));

describe("tribunal report", () => {
  it("writes one HTML file and says so in one line on stderr", async () => {
    const out = join(dir, "report.html");
    const run = await runCli(["report", results, "-o", out, "--title", "Hand-made"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("");
    expect(stderrLines(run)).toHaveLength(1);
    expect(run.stderr).toMatch(/^tribunal report: 7 dialogues \(panel, consensus, checklist; 1 unscored\) in \d+\.\d s → .*report\.html \(\d+\.\d MB\)\n$/);
    const html = readFileSync(out, "utf8");
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toContain("<title>Hand-made</title>");
    expect(html).toContain('id="report-data"');
  });

  it("--help describes the command, its options and exit codes", async () => {
    const run = await runCli(["report", "--help"]);
    expect(run.code).toBe(0);
    for (const text of ["<results.jsonl>", "-o, --out <report.html>", "--labels <dialogues>", "--dialogues <file>", "--resamples <n>", "|judge − human| on the humans' 1–5 scale", "Exit code 0 on success; 2 on bad input."]) expect(run.stdout).toContain(text);
  });

  it("--dialogues: the report embeds the transcripts; a dialogues file that cannot be read is one line and exit code 2", async () => {
    const quoted = file("quoted.jsonl", jsonl([PANEL_TAXI]));
    const dialogues = file("taxi.jsonl", jsonlOf([TAXI]));
    const out = join(dir, "with-dialogues.html");
    const run = await runInProcess(["report", quoted, "--dialogues", dialogues, "-o", out]);
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(out, "utf8")).toContain("Booked: a taxi to the station at 5 pm, reference T42.");

    const missing = join(dir, "no-such-dialogues.jsonl");
    const bad = await runInProcess(["report", quoted, "--dialogues", missing, "-o", join(dir, "y.html")]);
    expect(bad.code).toBe(2);
    expect(stderrLines(bad)).toEqual([`tribunal: ${missing}:0: expected an existing readable file, got "ENOENT"`]);
    expect(existsSync(join(dir, "y.html"))).toBe(false);
  });

  it("a missing results file is one line on stderr and exit code 2", async () => {
    const run = await runInProcess(["report", join(dir, "nope.jsonl"), "-o", join(dir, "x.html")]);
    expect(run.code).toBe(2);
    expect(stderrLines(run)).toEqual([`tribunal: ${join(dir, "nope.jsonl")}: cannot read the results file (ENOENT)`]);
    expect(existsSync(join(dir, "x.html"))).toBe(false);
  });

  it("a line that is not JSON names the file and line", async () => {
    const bad = file("bad.jsonl", `${JSON.stringify(ALL[0])}\n{not json\n`);
    const run = await runInProcess(["report", bad, "-o", join(dir, "x.html")]);
    expect(run.code).toBe(2);
    expect(stderrLines(run)).toHaveLength(1);
    expect(run.stderr).toMatch(/^tribunal: .*bad\.jsonl:2: not a JSON line/);
  });

  it("a scored line without its score field is bad input", async () => {
    const bad = file("noscore.jsonl", `${JSON.stringify({ dialogue_id: "x", overall_score: "high", meta: { protocol: "consensus" } })}\n`);
    const run = await runInProcess(["report", bad, "-o", join(dir, "x.html")]);
    expect(run.code).toBe(2);
    expect(stderrLines(run)).toEqual([`tribunal: ${bad}:1: consensus line without a numeric overall_score`]);
  });

  it("results that do not belong to the labels file are bad input", async () => {
    const run = await runInProcess(["report", results, "--labels", "test/agree/fixtures/labelled-uss.tsv", "-o", join(dir, "x.html")]);
    expect(run.code).toBe(2);
    expect(stderrLines(run)).toHaveLength(1);
    expect(run.stderr).toMatch(/^tribunal: .*hand\.jsonl:1: dialogue_id "p1" is not in the labels file/);
  });

  it("pairwise lines with --labels: the report is written, its agreement section says to use tribunal agree --pairs", async () => {
    const pairs = file("pairs.jsonl", jsonl(PAIRWISE_LINES));
    const out = join(dir, "pairs.html");
    const run = await runInProcess(["report", pairs, "--labels", "test/agree/fixtures/labelled-uss.tsv", "-o", out]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^tribunal report: 5 dialogues \(pairwise; 1 unscored\) in /);
    expect(readFileSync(out, "utf8")).toContain(`pairwise: 5 lines compare two dialogues each, so they have no per-dialogue agreement figures; for accuracy against the human OVERALL ratings run tribunal agree ${pairs} --labels test/agree/fixtures/labelled-uss.tsv --pairs`);
  });

  it("an output path that cannot be written is one line and exit code 2", async () => {
    const run = await runInProcess(["report", results, "-o", join(dir, "no-such-dir", "r.html")]);
    expect(run.code).toBe(2);
    expect(stderrLines(run)).toEqual([`tribunal: ${join(dir, "no-such-dir", "r.html")}: cannot write the report (ENOENT)`]);
  });

  it("-o is required", async () => {
    const run = await runInProcess(["report", results]);
    expect(run.code).toBe(2);
    expect(stderrLines(run)).toHaveLength(1);
    expect(run.stderr).toContain("required option '-o, --out <report.html>' not specified");
  });
});

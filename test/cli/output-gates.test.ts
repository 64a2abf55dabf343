/**
 * `tribunal evaluate --format table|jsonl|json`, `--fail-under`, `--fail-under-each` and `--criteria`,
 * end to end (the program in this process; a child process where stdout must be a real pipe):
 * offline, and against a local OpenAI-compatible stub whose scores are set per dialogue, so every
 * number below is known in advance.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { startOpenAIStub, type OpenAIStub } from "../support/openai-stub.js";
import { dialogueOf, panelAnswer, writeDialogues } from "../faults/helpers.js";
import { runInProcess } from "../agree/run-cli.js";
import { expectNoStackTrace, parseLines, runCli, stderrLines, type Line } from "./helpers.js";

const CUSTOMER_SERVICE = "examples/customer-service.jsonl";
const dir = mkdtempSync(join(tmpdir(), "tribunal-cli-output-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let stub: OpenAIStub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

const fileLines = (path: string) => parseLines(readFileSync(path, "utf8"));
const words = (line: string) => line.trim().split(/\s+/);
const withoutLatency = (line: Line) => ({ ...line, meta: { ...line.meta, latency_ms: 0 } });
const byId = (a: Line, b: Line) => String(a.dialogue_id).localeCompare(String(b.dialogue_id));

/**
 * d0000 scores 80 on every criterion, d0001 60, d0002 40 (each the weighted average and the floor
 * bucket, OverallExperience), d0003's calls fail (HTTP 500): with --on-failure unscored it is unscored.
 * The mean OverallExperience of the scored three is (80 + 60 + 40) / 3 = 60.
 */
async function scoredAndUnscored(extra: string[]) {
  const input = writeDialogues(dir, "four.jsonl", 4);
  const scores: Record<string, number> = { d0000: 80, d0001: 60, d0002: 40 };
  stub = await startOpenAIStub((request) => {
    const score = scores[dialogueOf(request)];
    return score === undefined ? { status: 500 } : { json: panelAnswer(request, score) };
  });
  return runInProcess(["evaluate", input, "--model", "openai:gpt-4o-mini", "--base-url", stub.baseUrl, "--max-retries", "0", "--on-failure", "unscored", "--no-probe", "--progress", "none", ...extra]);
}

describe("--format table", () => {
  it("a row per dialogue (id, headline, each criterion, status), the mean of the scored ones, and the gates on stderr", async () => {
    const run = await scoredAndUnscored(["--format", "table", "--fail-under", "61", "--fail-under-each", "50"]);
    expectNoStackTrace(run);
    expect(run.code).toBe(1);
    const lines = run.stdout.split("\n");
    expect(words(lines[0] ?? "")).toEqual(["id", "OverallExperience", "TaskSuccess", "Helpfulness", "Accuracy", "Understanding", "Empathy", "Fluency", "status"]);
    expect(lines.slice(2, 6).map(words)).toEqual([
      ["d0000", "80", "80", "80", "80", "80", "80", "80", "scored"],
      ["d0001", "60", "60", "60", "60", "60", "60", "60", "scored"],
      ["d0002", "40", "40", "40", "40", "40", "40", "40", "scored"],
      ["d0003", "-", "-", "-", "-", "-", "-", "-", "unscored", "(server_error)"],
    ]);
    expect(lines.slice(6)).toEqual(["", "mean OverallExperience 60 over 3 scored dialogues (scale 20–100)", ""]);
    const stderr = stderrLines(run);
    expect(stderr[0]).toMatch(/^tribunal: 3\/4 scored, 0 with offline fallback, 1 unscored/);
    expect(stderr.slice(1)).toEqual([
      "tribunal: --fail-under 61 failed: the mean OverallExperience of 3 scored dialogues is 60, 1 below it",
      "tribunal: --fail-under-each 50 failed: OverallExperience below it on 1 of 3 scored dialogues, the lowest by 10 (d0002 40)",
    ]);
  });

  it("with --out: the file gets the JSON lines, stdout the table", async () => {
    const out = join(dir, "table-and-out.jsonl");
    const run = await runInProcess(["evaluate", CUSTOMER_SERVICE, "--out", out, "--format", "table"]);
    expect(run.code, run.stderr).toBe(0);
    const lines = fileLines(out);
    expect(lines).toHaveLength(6);
    const rows = run.stdout.split("\n").slice(2, 8).map(words);
    // Each row is its line's referee_final, read here straight from the file.
    const expected = [...lines].sort(byId).map((l) => {
      const final = l.referee_final as Record<string, { score: number } | number>;
      const score = (c: string) => String((final[c] as { score: number }).score);
      return [String(l.dialogue_id), String(final["OverallExperience"]), ...["TaskSuccess", "Helpfulness", "Accuracy", "Understanding", "Empathy", "Fluency"].map(score), "scored"];
    });
    expect(rows).toEqual(expected);
  });
});

describe("--fail-under and --fail-under-each", () => {
  it("unscored lines are not low scores: both gates pass on the scored three, and the exit code 1 is the unscored line's", async () => {
    const run = await scoredAndUnscored(["--fail-under", "60", "--fail-under-each", "40"]);
    expect(run.code).toBe(1);
    expect(parseLines(run.stdout)).toHaveLength(4);
    expect(stderrLines(run).slice(1)).toEqual([
      "tribunal: --fail-under 60 passed: the mean OverallExperience of 3 scored dialogues is 60",
      "tribunal: --fail-under-each 40 passed: OverallExperience ≥ 40 on every one of 3 scored dialogues",
    ]);
  });

  it("a gate alone decides the exit code of an all-scored run", async () => {
    const out = join(dir, "gated.jsonl");
    const passing = await runInProcess(["evaluate", CUSTOMER_SERVICE, "--out", out, "--fail-under", "20"]);
    expect(passing.code, passing.stderr).toBe(0);
    const headlines = fileLines(out).map((l) => l.referee_final["OverallExperience"] as number);
    const lowest = Math.min(...headlines);
    const failing = await runInProcess(["evaluate", CUSTOMER_SERVICE, "--out", out, "--fail-under-each", String(lowest + 20)]);
    expect(failing.code).toBe(1);
    const low = headlines.filter((h) => h < lowest + 20).length;
    expect(stderrLines(failing).at(-1)).toMatch(new RegExp(`^tribunal: --fail-under-each ${lowest + 20} failed: OverallExperience below it on ${low} of 6 scored dialogues, the lowest by 20 \\(`));
  });

  it("after --resume, the gates read every line of --out, the kept ones too", async () => {
    const out = join(dir, "resumed.jsonl");
    const first = await runInProcess(["evaluate", CUSTOMER_SERVICE, "--out", out]);
    expect(first.code, first.stderr).toBe(0);
    const again = await runInProcess(["evaluate", CUSTOMER_SERVICE, "--out", out, "--resume", "--fail-under", "20"]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain("0/0 scored");
    expect(stderrLines(again).at(-1)).toMatch(/^tribunal: --fail-under 20 passed: the mean OverallExperience of 6 scored dialogues is /);
  });

  it("a threshold off the headline's scale is refused before anything is judged", async () => {
    const run = await runInProcess(["evaluate", CUSTOMER_SERVICE, "--fail-under", "0.6"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(stderrLines(run)).toEqual(["tribunal: --fail-under 0.6 is off the scale of OverallExperience, 20–100 (rubric customer-service)"]);
    const checklist = await runInProcess(["evaluate", "examples/coaching.json", "--protocol", "checklist", "--fail-under-each", "60"]);
    expect(stderrLines(checklist)).toEqual(["tribunal: --fail-under-each 60 is off the scale of score, 0–1 (rubric coaching)"]);
  });

  it("refuses a value that is not a number, and --dry-run", async () => {
    const word = await runInProcess(["evaluate", CUSTOMER_SERVICE, "--fail-under", "high"]);
    expect(word.code).toBe(2);
    expect(word.stderr).toMatch(/--fail-under must be a number on the headline score's scale/);
    const dry = await runInProcess(["evaluate", CUSTOMER_SERVICE, "--dry-run", "--fail-under", "60"]);
    expect(dry.code).toBe(2);
    expect(stderrLines(dry)).toEqual(["tribunal: --fail-under and --fail-under-each need a run that judges: not with --dry-run"]);
  });
});

describe("--format jsonl and json", () => {
  it("json is one array of the lines jsonl streams", async () => {
    const jsonl = await runInProcess(["evaluate", CUSTOMER_SERVICE, "--format", "jsonl"]);
    const json = await runInProcess(["evaluate", CUSTOMER_SERVICE, "--format", "json"]);
    expect(jsonl.code, jsonl.stderr).toBe(0);
    expect(json.code, json.stderr).toBe(0);
    const array = JSON.parse(json.stdout) as Line[];
    expect(array).toHaveLength(6);
    expect(array.map(withoutLatency).sort(byId)).toEqual(parseLines(jsonl.stdout).map(withoutLatency).sort(byId));
  });

  it("without a terminal and without --format, stdout is JSONL; with --out and no --format, stdout is empty", async () => {
    const piped = await runCli(["evaluate", CUSTOMER_SERVICE]);
    expect(parseLines(piped.stdout)).toHaveLength(6);
    const out = join(dir, "quiet.jsonl");
    const quiet = await runInProcess(["evaluate", CUSTOMER_SERVICE, "--out", out]);
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stdout).toBe("");
    expect(fileLines(out)).toHaveLength(6);
  });

  it("--format does not combine with --compare or --dry-run", async () => {
    const compare = await runInProcess(["evaluate", "examples/candidates.jsonl", "--protocol", "consensus", "--rubric", "candidate-skills", "--compare", "--format", "table"]);
    expect(compare.code).toBe(2);
    expect(stderrLines(compare)).toEqual(["tribunal: --format cannot be combined with --compare (it prints one comparison object)"]);
    const dry = await runInProcess(["evaluate", CUSTOMER_SERVICE, "--dry-run", "--format", "json"]);
    expect(stderrLines(dry)).toEqual(["tribunal: --format cannot be combined with --dry-run (it prints its estimate)"]);
  });
});

describe("--criteria", () => {
  it("panel: the given criteria, weights 3:1 → 0.75 / 0.25, on the default rubric's 20–100 scale", async () => {
    const run = await runInProcess(["evaluate", CUSTOMER_SERVICE, "--criteria", "Resolution=3: Was the problem solved?; Tone: Was the tone warm?"]);
    expect(run.code, run.stderr).toBe(0);
    const lines = parseLines(run.stdout);
    expect(lines).toHaveLength(6);
    for (const line of lines) {
      expect(Object.keys(line.referee_final).sort()).toEqual(["OverallExperience", "Resolution", "Tone", "numeric_weighted_average"]);
      const final = line.referee_final as Record<string, { score: number } | number>;
      const resolution = (final["Resolution"] as { score: number }).score;
      const tone = (final["Tone"] as { score: number }).score;
      expect(line.audit["weighted_calc"]).toBe(`${resolution}*0.75 + ${tone}*0.25 = ${(resolution * 0.75 + tone * 0.25).toFixed(2)}`);
      expect(line.meta).toMatchObject({ rubric: "cli-criteria", status: "scored" });
    }
  });

  it.each([
    ["consensus", CUSTOMER_SERVICE, "Resolution: solved?; Tone: warm?", (l: Record<string, unknown>) => (l["criteria_evaluations"] as { criterion_name: string }[]).map((c) => c.criterion_name)],
    ["checklist", "examples/coaching.json", "Resolution: solved?; Tone: no harmful advice", (l: Record<string, unknown>) => (l["criteria"] as { id: string }[]).map((c) => c.id)],
    ["barem", "examples/preference-elicitation.tsv", "Resolution: solved?; Tone: warm?", (l: Record<string, unknown>) => Object.keys(l).filter((k) => k === "Resolution" || k === "Tone")],
    ["pairwise", "test/pairwise/fixtures/pairs.jsonl", "Resolution: solved?; Tone: warm?", (l: Record<string, unknown>) => (l["criteria"] as { criterion: string }[]).map((c) => c.criterion)],
  ] as const)("%s takes it too", async (protocol, input, criteria, criteriaOf) => {
    const run = await runInProcess(["evaluate", input, "--protocol", protocol, "--criteria", criteria]);
    expect(run.code, run.stderr).toBe(0);
    for (const line of parseLines(run.stdout) as unknown as Record<string, unknown>[]) {
      expect(criteriaOf(line)).toEqual(["Resolution", "Tone"]);
      expect(line["meta"]).toMatchObject({ protocol, rubric: "cli-criteria", status: "scored" });
    }
  });

  it("is refused with --rubric, and with weights for a checklist", async () => {
    const both = await runInProcess(["evaluate", CUSTOMER_SERVICE, "--rubric", "ccpe-strict", "--criteria", "A: a"]);
    expect(both.code).toBe(2);
    expect(stderrLines(both)).toEqual(["tribunal: give either --rubric or --criteria, not both (--criteria builds a rubric on the scale of the protocol's default one)"]);
    const weighted = await runInProcess(["evaluate", "examples/coaching.json", "--protocol", "checklist", "--criteria", "Listens=2: reflects back"]);
    expect(weighted.code).toBe(2);
    expect(stderrLines(weighted)).toEqual(['tribunal: rubric --criteria: "Listens=2": checklist criteria are YES/NO/NA questions and take no weight; write "Listens: …"']);
  });
});

it("--help names the new options and the gates' exit code", async () => {
  const run = await runCli(["evaluate", "--help"]);
  for (const text of ["--format <format>", "--fail-under <score>", "--fail-under-each <score>", "--criteria <list>", "or a gate failed"]) expect(run.stdout).toContain(text);
});

/** `tribunal evaluate` end to end: a real child process on the shipped examples, offline and through a stub. */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { buildProgram } from "../../cli/program.js";
import { startOpenAIStub, type OpenAIStub } from "../support/openai-stub.js";
import { checkLine, expectNoStackTrace, parseLines, ROOT, rubricFile, runCli, stderrLines, type Line } from "./helpers.js";

const CUSTOMER_SERVICE = "examples/customer-service.jsonl";
const PREFERENCE = "examples/preference-elicitation.tsv";
const dir = mkdtempSync(join(tmpdir(), "tribunal-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function jsonlIds(file: string): string[] {
  return readFileSync(join(ROOT, file), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => (JSON.parse(l) as { id: string }).id);
}

const withoutLatency = (line: Line) => JSON.stringify({ ...line, meta: { ...line.meta, latency_ms: 0 } });

describe("tribunal evaluate (offline judge)", () => {
  it("the rubric files carry the panel's weights and ccpe-strict's rules (docs/protocols.md#panel)", () => {
    const weights = [0.4, 0.15, 0.15, 0.1, 0.1, 0.1];
    expect(rubricFile("customer-service").criteria.map((c) => c.weight)).toEqual(weights);
    expect(rubricFile("ccpe-strict").criteria.map((c) => c.weight)).toEqual(weights);
    expect(rubricFile("ccpe-strict").rules.map((r) => r.kind)).toContain("deduct_when_any_criterion_below");
  });

  it("judges customer-service.jsonl: exit 0, one valid line per dialogue, numbers from the rubric", async () => {
    const run = await runCli(["evaluate", CUSTOMER_SERVICE]);
    expect(run.code, run.stderr).toBe(0);
    const lines = parseLines(run.stdout);
    const ids = jsonlIds(CUSTOMER_SERVICE);
    expect(ids.length).toBeGreaterThanOrEqual(5);
    expect(lines.map((l) => l.dialogue_id).sort()).toEqual([...ids].sort());
    const rubric = rubricFile("customer-service");
    for (const line of lines) checkLine(line, rubric);
    expect(stderrLines(run)).toEqual([expect.stringMatching(new RegExp(`^tribunal: ${ids.length}/${ids.length} scored, 0 with offline fallback, 0 unscored in `))]);
    expectNoStackTrace(run);
  });

  it("judges preference-elicitation.tsv with the default rubric: ids are 0-based positions", async () => {
    const run = await runCli(["evaluate", PREFERENCE]);
    expect(run.code, run.stderr).toBe(0);
    const lines = parseLines(run.stdout);
    expect(lines.map((l) => l.dialogue_id).sort()).toEqual([0, 1]);
    for (const line of lines) checkLine(line, rubricFile("customer-service"));
  });

  it("judges with ccpe-strict: numbers follow its rules (−10 below 60, floor) and the OVERALL cap is recorded", async () => {
    const run = await runCli(["evaluate", PREFERENCE, "--rubric", "ccpe-strict"]);
    expect(run.code, run.stderr).toBe(0);
    const lines = parseLines(run.stdout);
    expect(lines).toHaveLength(2);
    const rubric = rubricFile("ccpe-strict");
    for (const line of lines) checkLine(line, rubric);
    // Dialogue 1 ("What kind of music do you like?" asked twice, "I just said jazz.") has OVERALL 2,2,1: mean 1.67 < 3.
    const bad = lines.find((l) => l.dialogue_id === 1) as Line;
    expect((bad.referee_final.TaskSuccess as { score: number }).score).toBeLessThanOrEqual(60);
    expect(JSON.stringify(bad.audit.rules)).toContain("human OVERALL average 1.67 < 3");
  });

  it("--out writes the same lines to the file and nothing to stdout", async () => {
    const out = join(dir, "results.jsonl");
    const [toFile, toStdout] = await Promise.all([runCli(["evaluate", CUSTOMER_SERVICE, "--out", out]), runCli(["evaluate", CUSTOMER_SERVICE])]);
    expect(toFile.code, toFile.stderr).toBe(0);
    expect(toFile.stdout).toBe("");
    expect(stderrLines(toFile)).toEqual([expect.stringContaining(`→ ${out}`)]);
    const written = readFileSync(out, "utf8");
    expect(written.endsWith("\n")).toBe(true);
    const fileLines = parseLines(written).map(withoutLatency).sort();
    expect(fileLines).toHaveLength(jsonlIds(CUSTOMER_SERVICE).length);
    expect(fileLines).toEqual(parseLines(toStdout.stdout).map(withoutLatency).sort());
  });

  it("--help lists every flag and the protocols", async () => {
    const run = await runCli(["evaluate", "--help"]);
    expect(run.code).toBe(0);
    for (const flag of ["--protocol", "--rubric", "--model", "--base-url", "--out", "--concurrency", "--blind", "--on-failure", "--timeout", "--max-retries", "--help"]) {
      expect(run.stdout, flag).toContain(flag);
    }
    const evaluate = buildProgram().commands.find((c) => c.name() === "evaluate");
    expect(evaluate).toBeDefined();
    for (const option of evaluate?.options ?? []) expect(run.stdout, option.flags).toContain(option.long ?? option.flags);
    expect(run.stdout).toMatch(/^\s+panel\s/m);
  });
});

const CRITERIA = ["TaskSuccess", "Helpfulness", "Accuracy", "Understanding", "Empathy", "Fluency"];

/** Evaluator answers with `scores`, quoting the first USER utterance of the transcript it was sent; the critic agrees. */
function scriptedAnswer(system: string, schemaName: string | undefined, scores: Record<string, number>): unknown {
  if (schemaName === "critic") return { critic: CRITERIA.map((criterion) => ({ criterion, comment: "", agree: true, suggested_score: null })) };
  const utterance = /^\[\d+\] USER: (.*)$/m.exec(system)?.[1] ?? "";
  return Object.fromEntries(CRITERIA.map((c) => [c, { justification: `The user says USER: "${utterance}".`, score: scores[c] }]));
}

describe("tribunal evaluate --model openai:… through a stub", () => {
  let stub: OpenAIStub | undefined;
  afterEach(async () => {
    await stub?.close();
    stub = undefined;
  });

  const answerFor = (system: string, schemaName: string | undefined) =>
    scriptedAnswer(system, schemaName, { TaskSuccess: 100, Helpfulness: 60, Accuracy: 60, Understanding: 60, Empathy: 60, Fluency: 60 });

  it("runs every dialogue through the server with exit code 0", async () => {
    stub = await startOpenAIStub((request) => ({ json: answerFor(request.body.messages[0]?.content ?? "", request.schemaName) }));
    const run = await runCli(["evaluate", CUSTOMER_SERVICE, "--model", "openai:gpt-4o-mini", "--base-url", stub.baseUrl, "--max-retries", "0", "--timeout", "10000", "--no-probe"]);
    expect(run.code, run.stderr).toBe(0);
    const ids = jsonlIds(CUSTOMER_SERVICE);
    const lines = parseLines(run.stdout);
    expect(lines.map((l) => l.dialogue_id).sort()).toEqual([...ids].sort());
    expect(stub.requests.filter((r) => r.schemaName === "evaluator")).toHaveLength(ids.length);
    expect(stub.requests.filter((r) => r.schemaName === "critic")).toHaveLength(ids.length);
    // No key in the environment: a compatible server gets a placeholder, never an empty header.
    expect(new Set(stub.requests.map((r) => r.headers.authorization))).toEqual(new Set(["Bearer not-needed"]));
    for (const line of lines) {
      checkLine(line, rubricFile("customer-service"), "openai:gpt-4o-mini");
      // 100*0.40 + 60*0.60 = 76 → 60.
      expect(line.referee_final).toMatchObject({ TaskSuccess: { score: 100 }, Fluency: { score: 60 }, numeric_weighted_average: 76, OverallExperience: 60 });
      expect((line.meta.tokens as { total: number }).total).toBeGreaterThan(0);
    }
  });

  it("ccpe-strict on known scores: the OVERALL cap and the −10 each change the bucket", async () => {
    const scores = { TaskSuccess: 100, Helpfulness: 80, Accuracy: 80, Understanding: 80, Empathy: 40, Fluency: 80 };
    stub = await startOpenAIStub((request) => ({ json: scriptedAnswer(request.body.messages[0]?.content ?? "", request.schemaName, scores) }));
    const run = await runCli(["evaluate", PREFERENCE, "--rubric", "ccpe-strict", "--model", "openai:gpt-4o-mini", "--base-url", stub.baseUrl, "--max-retries", "0", "--no-probe"]);
    expect(run.code, run.stderr).toBe(0);
    const lines = parseLines(run.stdout);
    for (const line of lines) checkLine(line, rubricFile("ccpe-strict"), "openai:gpt-4o-mini");
    const byId = new Map(lines.map((l) => [l.dialogue_id, l]));
    // Dialogue 0, OVERALL 4,4,5 (no cap): 100*0.40 + 80*0.15 + 80*0.15 + 80*0.10 + 40*0.10 + 80*0.10 = 84;
    // Empathy 40 < 60: 84 − 10 = 74 → 60 (80 without the deduction).
    expect(byId.get(0)?.referee_final).toMatchObject({ TaskSuccess: { score: 100 }, Empathy: { score: 40 }, numeric_weighted_average: 84, OverallExperience: 60 });
    expect(byId.get(0)?.audit.mapping_rule).toMatch(/74\.00 → 60$/);
    // Dialogue 1, OVERALL 2,2,1 (mean 1.67 < 3): TaskSuccess capped 100 → 60, so 60*0.40 + 28 = 68; 68 − 10 = 58 → 40.
    expect(byId.get(1)?.referee_final).toMatchObject({ TaskSuccess: { score: 60 }, numeric_weighted_average: 68, OverallExperience: 40 });
    expect(byId.get(1)?.audit.mapping_rule).toMatch(/58\.00 → 40$/);
  });

  it("with --on-failure unscored and a failing server: unscored lines and exit code 1", async () => {
    stub = await startOpenAIStub(() => ({ status: 500 }));
    const run = await runCli(["evaluate", CUSTOMER_SERVICE, "--model", "openai:gpt-4o-mini", "--base-url", stub.baseUrl, "--max-retries", "0", "--on-failure", "unscored", "--no-probe"]);
    expect(run.code).toBe(1);
    const ids = jsonlIds(CUSTOMER_SERVICE);
    const lines = parseLines(run.stdout) as unknown as Record<string, unknown>[];
    expect(lines).toHaveLength(ids.length);
    for (const line of lines) {
      expect(line).toMatchObject({ status: "unscored", error: { agent: "evaluator", kind: "server_error" } });
      expect(line).not.toHaveProperty("referee_final");
    }
    expect(stderrLines(run)).toEqual([expect.stringMatching(new RegExp(`^tribunal: 0/${ids.length} scored, 0 with offline fallback, ${ids.length} unscored`))]);
    expectNoStackTrace(run);
  });
});

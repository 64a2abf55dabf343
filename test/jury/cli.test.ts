/**
 * `tribunal evaluate --jury` over the real OpenAI client against a local OpenAI-compatible stub that
 * answers by model name: judge-a scores 80 everywhere, judge-b 60, judge-c fails with a 500.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import { startOpenAIStub, type OpenAIStub, type StubRequest, type StubReply } from "../support/openai-stub.js";
import { CRITERIA } from "../support/panel-answers.js";

const SCORE_OF: Record<string, number> = { "judge-a": 80, "judge-b": 60 };

function answer(request: StubRequest): StubReply {
  const model = String(request.body.model);
  const score = SCORE_OF[model];
  if (score === undefined) return { status: 500 };
  if (request.schemaName === "critic") return { json: { critic: CRITERIA.map((criterion) => ({ criterion, comment: "", agree: true, suggested_score: null })) } };
  const system = String(request.body.messages[0]?.content ?? "");
  const utterance = /^\[\d+\] USER: (.*)$/m.exec(system)?.[1] ?? "";
  return { json: Object.fromEntries(CRITERIA.map((c) => [c, { justification: `${model} reads USER: "${utterance}".`, score }])) };
}

describe("tribunal evaluate --jury", () => {
  let stub: OpenAIStub | undefined;
  afterEach(async () => stub?.close());

  const dir = mkdtempSync(join(tmpdir(), "tribunal-jury-"));
  const input = join(dir, "dialogues.jsonl");
  writeFileSync(
    input,
    [
      { id: "d1", messages: [{ role: "user", content: "My order never arrived." }, { role: "assistant", content: "I'm sorry. I have sent a replacement today." }] },
      { id: "d2", messages: [{ role: "user", content: "I was charged twice." }, { role: "assistant", content: "I have refunded the duplicate charge." }] },
    ]
      .map((d) => JSON.stringify(d))
      .join("\n"),
  );
  const env = { OPENAI_API_KEY: "sk-test-jury-cli" };

  it("aggregates the members, reports their agreement, and exits 1 when a member failed", async () => {
    stub = await startOpenAIStub(answer);
    const out = join(dir, "results.jsonl");
    const summaryFile = join(dir, "summary.json");
    const run = await runCli(["evaluate", input, "--jury", "openai:judge-a,openai:judge-b,openai:judge-c", "--base-url", stub.baseUrl, "--max-retries", "0", "--on-failure", "unscored", "--no-probe", "--progress", "none", "--out", out, "--summary-json", summaryFile], env);
    expect(run.code).toBe(1);
    const lines = readFileSync(out, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, any>);
    expect(lines.map((l) => l.dialogue_id).sort()).toEqual(["d1", "d2"]);
    for (const line of lines) {
      // Members a (80) and b (60): every criterion (80 + 60) / 2 = 70, average 70 → floor bucket 60. c failed.
      expect(line.meta.status).toBe("scored");
      expect(line.referee_final.TaskSuccess.score).toBe(70);
      expect(line.referee_final.numeric_weighted_average).toBe(70);
      expect(line.referee_final.OverallExperience).toBe(60);
      expect(line.jury.failed.map((f: { member: string }) => f.member)).toEqual(["openai:judge-c"]);
      expect(line.meta.model).toBe("jury(openai:judge-a, openai:judge-b, openai:judge-c)");
      expect(line.meta.tokens_by_model["openai:judge-a"].input).toBeGreaterThan(0);
      expect(line.meta.tokens_by_model["openai:judge-b"].input).toBeGreaterThan(0);
      expect(JSON.stringify(line)).not.toContain("sk-test-jury-cli");
    }
    // a and b say 80 and 60 on both dialogues (c is missing): within units Σ_{i≠j} δ² = 2·400 per unit, n = 4,
    // D_o = (800 + 800) / 4 = 400; over the values 80, 60, 80, 60: 2·4·Σ(v − 70)² / (4·3) = 3200 / 12 = 266.67.
    // α = 1 − 400 / 266.67 = −0.5: the members disagree more than chance would have them.
    const summary = JSON.parse(readFileSync(summaryFile, "utf8")) as Record<string, any>;
    expect(summary.jury).toMatchObject({ members: ["openai:judge-a", "openai:judge-b", "openai:judge-c"], dialogues: 2, failures: { "openai:judge-c": 2 }, metric: "interval", overall: -0.5 });
    expect(summary.jury.criteria.TaskSuccess).toBe(-0.5);
    expect(summary.juryIncomplete).toBe(2);
    expect(run.stderr).toContain("jury of 3 (openai:judge-a, openai:judge-b, openai:judge-c): Krippendorff's α across members interval, overall -0.50");
    expect(run.stderr).toContain("member openai:judge-c failed on 2 dialogues");
  });

  it("stops before the first dialogue when the probe finds a member that cannot judge, naming it", async () => {
    stub = await startOpenAIStub(answer);
    const run = await runCli(["evaluate", input, "--jury", "openai:judge-a,openai:judge-c", "--base-url", stub.baseUrl, "--max-retries", "0", "--progress", "none"], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("jury member openai:judge-c");
    expect(run.stdout).toBe("");
  });

  it("refuses --jury next to --model", async () => {
    const run = await runCli(["evaluate", input, "--jury", "offline,offline", "--model", "openai:gpt-4o-mini"], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("give either --jury or --model/--models");
  });

  it("reads members from a YAML file, and estimates every member in --dry-run", async () => {
    const file = join(dir, "jury.yaml");
    writeFileSync(file, "- offline\n- name: second\n  model: offline\n");
    const run = await runCli(["evaluate", input, "--jury", file, "--dry-run"], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("jury member offline:");
    expect(run.stdout).toContain("jury member second:");
    // The panel makes 2 calls a dialogue: 2 dialogues × 2 calls × 2 members.
    expect(run.stdout).toContain("jury of 2: calls 8");
  });

  it("compare --jury judges every pair once per member and keeps the members in each line", async () => {
    const worse = join(dir, "worse.jsonl");
    writeFileSync(
      worse,
      ["d1", "d2"].map((id) => JSON.stringify({ id, messages: [{ role: "user", content: "Hello?" }, { role: "assistant", content: "no" }] })).join("\n"),
    );
    const out = join(dir, "pairs.jsonl");
    const run = await runCli(["compare", input, worse, "--jury", "offline,offline", "--out", out, "--progress", "none"], env);
    expect(run.code).toBe(0);
    const lines = readFileSync(out, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, any>);
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line.jury.members.map((m: { member: string }) => m.member)).toEqual(["offline", "offline#2"]);
      // Two identical offline members: the jury says what each says.
      expect(line.winner).toBe(line.jury.members[0].line.winner);
    }
    expect(run.stderr).toContain("jury of 2 (offline, offline#2)");
  });
});

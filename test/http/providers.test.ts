/**
 * Providers beyond OpenAI, through the CLI against local stubs of their real APIs: Anthropic's
 * Messages API (`anthropic:<model>`, prompt cache on the shared prefix) and Gemini's generateContent
 * (`google:<model>`), and one model per role (`--model evaluator=…,critic=…`, `--models <file>`).
 * Each case: the mode chosen, what the user sees, the exit code, and scores that are the model's.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { startAnthropicStub, type AnthropicStub } from "../support/anthropic-stub.js";
import { startGeminiStub, type GeminiStub } from "../support/gemini-stub.js";
import { deadPort } from "../support/dead-port.js";
import { startOpenAIStub, type OpenAIStub } from "../support/openai-stub.js";
import { CRITERIA, panelAnswer } from "../support/panel-answers.js";
import { expectNoStackTrace, parseLines, runCli, stderrLines } from "../cli/helpers.js";

const CUSTOMER_SERVICE = "examples/customer-service.jsonl";
const DIALOGUES = 6;
const CLAUDE = "anthropic:claude-sonnet-4-5";
const GEMINI = "google:gemini-2.5-flash";
const GPT = "openai:gpt-4o-mini";
const dir = mkdtempSync(join(tmpdir(), "tribunal-providers-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The panel's answers, except that the first evaluator call after the probe (request 1, with --concurrency 1)
 * scores 85, not on the 20-step scale; its repair (request 2) answers 80.
 */
function panelAnswerOffScaleOnce(request: { system: string; schemaName: string | undefined; index: number }): unknown {
  const answer = panelAnswer(request.system, request.schemaName) as Record<string, { score: number }>;
  if (request.index === 1 && request.schemaName === "evaluator") for (const c of CRITERIA) (answer[c] as { score: number }).score = 85;
  return answer;
}

/** A consensus agent's answer on the 1–5 scale. */
function agentAnswer(score: number) {
  return { criteria: CRITERIA.map((c) => ({ criterion_name: c, reasoning: `${c} judged on the transcript`, score })), reasoning: "overall judgement", overall_score: score };
}

const isProbe = (system: string) => system.includes("order 1234 has not arrived");

/** Every line scored by `model`, with the evaluator's 80s as the referee's final scores. */
function expectScoredBy(stdout: string, model: string | Record<string, string>): void {
  const lines = parseLines(stdout);
  expect(lines).toHaveLength(DIALOGUES);
  for (const line of lines) {
    expect(line.meta).toMatchObject({ status: "scored", scored_by: model, fallbacks: [] });
    for (const c of CRITERIA) expect((line.referee_final[c] as { score: number }).score).toBe(80);
  }
}

let anthropic: AnthropicStub | undefined;
let gemini: GeminiStub | undefined;
let openai: OpenAIStub | undefined;
afterEach(async () => {
  await Promise.all([anthropic?.close(), gemini?.close(), openai?.close()]);
  anthropic = gemini = openai = undefined;
});

describe("anthropic:<model> (Messages API)", () => {
  it("forces the role's tool among the protocol's tools, caches the shared prefix, and every line is Claude's: exit 0", async () => {
    anthropic = await startAnthropicStub((r) => ({ json: panelAnswer(r.system, r.schemaName) }));
    const run = await runCli(["evaluate", CUSTOMER_SERVICE, "--model", CLAUDE, "--base-url", anthropic.baseUrl, "--max-retries", "0"], { ANTHROPIC_API_KEY: "sk-ant-test-0000000000" });
    expect(run.code, run.stderr).toBe(0);
    expectNoStackTrace(run);
    // auto kept the first mode, tools: nothing said about the mode.
    expect(run.stderr).not.toMatch(/output mode/);
    expectScoredBy(run.stdout, CLAUDE);
    const requests = anthropic.requests;
    expect(requests).toHaveLength(1 + 2 * DIALOGUES);
    for (const r of requests) {
      expect(r.headers["x-api-key"]).toBe("sk-ant-test-0000000000");
      expect(r.body.tools?.map((t) => t.name)).toEqual(["evaluator", "critic"]);
      expect(r.body.tool_choice).toEqual({ type: "tool", name: r.schemaName });
      // The breakpoint closes the shared prefix: the system message (framing, rubric, transcript).
      expect(r.body.system).toEqual([expect.objectContaining({ type: "text", cache_control: { type: "ephemeral" } })]);
    }
    // The critic's call of a dialogue reads the evaluator's prefix (tools + system) from the cache.
    const critics = requests.filter((r) => r.schemaName === "critic");
    expect(critics).toHaveLength(DIALOGUES);
    for (const r of critics) expect(r.cacheRead).toBeGreaterThan(0);
  });

  it("an answer off the scale is repaired in Anthropic's form: the tool_use echoed, the problems as its tool_result", async () => {
    anthropic = await startAnthropicStub((r) => ({ json: panelAnswerOffScaleOnce(r) }));
    const run = await runCli(["evaluate", CUSTOMER_SERVICE, "--model", CLAUDE, "--base-url", anthropic.baseUrl, "--max-retries", "0", "--concurrency", "1"], { ANTHROPIC_API_KEY: "sk-ant-test-0000000000" });
    expect(run.code, run.stderr).toBe(0);
    expectScoredBy(run.stdout, CLAUDE);
    const repair = anthropic.requests[2];
    const turns = repair?.body.messages ?? [];
    const toolUse = (turns.at(-2)?.content as { type: string; id?: string }[])[0];
    const toolResult = (turns.at(-1)?.content as { type: string; tool_use_id?: string; content?: unknown }[])[0];
    expect(toolUse).toMatchObject({ type: "tool_use", id: "toolu_1", name: "evaluator" });
    expect(toolResult).toMatchObject({ type: "tool_result", tool_use_id: "toolu_1" });
    expect(JSON.stringify(toolResult?.content)).toContain("85 is not one of 20, 40, 60, 80, 100");
    expect(parseLines(run.stdout)[0]?.meta.invalid_outputs).toEqual(CRITERIA.map((c) => expect.objectContaining({ agent: "evaluator", kind: "out_of_scale", message: `${c}: 85 is not one of 20, 40, 60, 80, 100` })));
  });

  it("a model the API does not know (404): exit 2, one line naming the model, nothing judged", async () => {
    anthropic = await startAnthropicStub(() => ({ status: 404, errorBody: { type: "error", error: { type: "not_found_error", message: "model: claude-sonnet-9" } } }));
    const run = await runCli(["evaluate", CUSTOMER_SERVICE, "--model", "anthropic:claude-sonnet-9", "--base-url", anthropic.baseUrl, "--max-retries", "0"], { ANTHROPIC_API_KEY: "sk-ant-test-0000000000" });
    expect(run.code).toBe(2);
    expect(stderrLines(run)).toEqual([expect.stringMatching(/^tribunal: the probe call to anthropic:claude-sonnet-9 failed \(error: HTTP 404: .*\); anthropic:claude-sonnet-9 at http:\/\/127\.0\.0\.1:\d+ does not know this model: check the model name in --model$/)]);
    expect(anthropic.requests).toHaveLength(1);
    expect(run.stdout).toBe("");
  });

  it("nothing listening: the connection error is retried, then exit 2 with what to fix", async () => {
    const url = `http://127.0.0.1:${await deadPort()}`;
    const run = await runCli(["evaluate", CUSTOMER_SERVICE, "--model", CLAUDE, "--base-url", url, "--max-retries", "1", "--retry-base", "1"], { ANTHROPIC_API_KEY: "sk-ant-test-0000000000" });
    expect(run.code).toBe(2);
    expect(stderrLines(run)).toEqual([expect.stringMatching(/^tribunal: the probe call to anthropic:claude-sonnet-4-5 failed \(connection: .*ECONNREFUSED.*\); cannot reach .* check --base-url/)]);
    expectNoStackTrace(run);
  });

  it("without a key or a base URL: exit 2 before any call, naming ANTHROPIC_API_KEY", async () => {
    const run = await runCli(["evaluate", CUSTOMER_SERVICE, "--model", CLAUDE]);
    expect(run.code).toBe(2);
    expect(stderrLines(run)).toEqual(["tribunal: cannot create model anthropic:claude-sonnet-4-5: no API key; set ANTHROPIC_API_KEY (or --base-url for a local server or proxy)"]);
  });
});

describe("google:<model> (Gemini generateContent)", { timeout: 60_000 }, () => {
  it("forces the role's function (mode ANY), and every line is Gemini's: exit 0", async () => {
    gemini = await startGeminiStub((r) => ({ json: panelAnswer(r.system, r.schemaName) }));
    const run = await runCli(["evaluate", CUSTOMER_SERVICE, "--model", GEMINI, "--base-url", gemini.baseUrl, "--max-retries", "0"], { GOOGLE_API_KEY: "AIza-test-000000000000" });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/output mode/);
    expectScoredBy(run.stdout, GEMINI);
    expect(gemini.requests).toHaveLength(1 + 2 * DIALOGUES);
    for (const r of gemini.requests) {
      expect(r.model).toBe("gemini-2.5-flash");
      expect(r.headers["x-goog-api-key"]).toBe("AIza-test-000000000000");
      expect(r.body.toolConfig).toEqual({ functionCallingConfig: { mode: "ANY", allowedFunctionNames: [r.schemaName] } });
      expect(r.body.tools?.[0]?.functionDeclarations?.map((f) => f.name)).toEqual(["evaluator", "critic"]);
    }
  });

  it("an answer off the scale is repaired in Gemini's form: the functionCall echoed, the problems as its functionResponse", async () => {
    gemini = await startGeminiStub((r) => ({ json: panelAnswerOffScaleOnce(r) }));
    const run = await runCli(["evaluate", CUSTOMER_SERVICE, "--model", GEMINI, "--base-url", gemini.baseUrl, "--max-retries", "0", "--concurrency", "1"], { GOOGLE_API_KEY: "AIza-test-000000000000" });
    expect(run.code, run.stderr).toBe(0);
    expectScoredBy(run.stdout, GEMINI);
    const contents = gemini.requests[2]?.body.contents ?? [];
    expect(contents.at(-2)).toMatchObject({ role: "model", parts: [{ functionCall: { name: "evaluator" } }] });
    expect(contents.at(-1)).toMatchObject({ role: "user", parts: [{ functionResponse: { name: "evaluator" } }] });
    expect(JSON.stringify(contents.at(-1))).toContain("85 is not one of 20, 40, 60, 80, 100");
  });

  it("a server that refuses function calling (400): auto settles on json_schema (responseSchema), says so, and scores: exit 0", async () => {
    gemini = await startGeminiStub((r) => (r.body.tools ? { status: 400, errorBody: { error: { code: 400, message: "Function calling is not enabled for this model", status: "INVALID_ARGUMENT" } } } : { json: panelAnswer(r.system, r.body.generationConfig?.responseSchema ? schemaOf(r.body.generationConfig.responseSchema) : undefined) }));
    const run = await runCli(["evaluate", CUSTOMER_SERVICE, "--model", GEMINI, "--base-url", gemini.baseUrl, "--max-retries", "0"], { GOOGLE_API_KEY: "AIza-test-000000000000" });
    expect(run.code, run.stderr).toBe(0);
    expect(stderrLines(run)[0]).toMatch(/^output mode for google:gemini-2\.5-flash: json_schema \(auto; tools: error: HTTP 400: \[400 Bad Request\] Function calling is not enabled/);
    expectScoredBy(run.stdout, GEMINI);
    // The probe tried tools once; every call after it asked for the schema as responseSchema, without tools.
    const after = gemini.requests.slice(1);
    expect(after).toHaveLength(1 + 2 * DIALOGUES);
    for (const r of after) {
      expect(r.body.tools).toBeUndefined();
      expect(r.body.generationConfig).toMatchObject({ responseMimeType: "application/json", responseSchema: expect.any(Object) });
    }
  });

  it("nothing listening: a connection error by kind (the client drops the cause), exit 2", async () => {
    const url = `http://127.0.0.1:${await deadPort()}`;
    const run = await runCli(["evaluate", CUSTOMER_SERVICE, "--model", GEMINI, "--base-url", url, "--max-retries", "1", "--retry-base", "1"], { GOOGLE_API_KEY: "AIza-test-000000000000" });
    expect(run.code).toBe(2);
    expect(stderrLines(run)).toEqual([expect.stringMatching(/^tribunal: the probe call to google:gemini-2\.5-flash failed \(connection: .*fetch failed.*\); cannot reach .* check --base-url/)]);
  });
});

/** Which role's contract a Gemini responseSchema is: the critic's has a `critic` array. */
function schemaOf(schema: unknown): string {
  return JSON.stringify(schema).includes('"critic"') ? "critic" : "evaluator";
}

describe("one model per role", () => {
  it("--model evaluator=openai:…,critic=anthropic:…: each role's calls go to its model, one probe per model, meta says who scored what and the cost per model", async () => {
    openai = await startOpenAIStub((r) => ({ json: panelAnswer(r.body.messages[0]?.content ?? "", r.schemaName), usage: { prompt_tokens: 1000, completion_tokens: 100 } }));
    anthropic = await startAnthropicStub((r) => ({ json: panelAnswer(r.system, r.schemaName), usage: { input_tokens: 2000, output_tokens: 200, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 } }));
    const model = `evaluator=${GPT},critic=${CLAUDE}`;
    const run = await runCli(["evaluate", CUSTOMER_SERVICE, "--model", model, "--max-retries", "0"], {
      OPENAI_API_KEY: "sk-test-00000000000000",
      OPENAI_BASE_URL: openai.baseUrl,
      ANTHROPIC_API_KEY: "sk-ant-test-0000000000",
      ANTHROPIC_BASE_URL: anthropic.baseUrl,
    });
    expect(run.code, run.stderr).toBe(0);
    expectScoredBy(run.stdout, { evaluator: GPT, critic: CLAUDE });
    for (const line of parseLines(run.stdout)) {
      expect(line.meta.model).toBe(model);
      expect(line.meta.tokens_by_model).toEqual({ [GPT]: { input: 1000, output: 100 }, [CLAUDE]: { input: 2000, output: 200 } });
      // gpt-4o-mini $0.15 / $0.60 and claude-sonnet-4-5 $3 / $15 per 1M tokens:
      // 1000 × 0.15 + 100 × 0.6 + 2000 × 3 + 200 × 15 = 150 + 60 + 6000 + 3000 = 9210 per 1M → $0.00921.
      expect(line.meta.cost_usd).toBeCloseTo(0.00921, 9);
    }
    // One probe per model (the evaluator's contract), then each role's calls at its own model.
    const probes = (names: (string | undefined)[]) => names.filter((n) => n === "evaluator").length;
    expect(openai.requests.filter((r) => isProbe(r.body.messages[0]?.content ?? ""))).toHaveLength(1);
    expect(anthropic.requests.filter((r) => isProbe(r.system))).toHaveLength(1);
    expect(openai.requests.map((r) => r.schemaName)).toEqual(Array(1 + DIALOGUES).fill("evaluator"));
    expect(probes(anthropic.requests.map((r) => r.schemaName))).toBe(1);
    expect(anthropic.requests.filter((r) => r.schemaName === "critic")).toHaveLength(DIALOGUES);
  });

  it("--models <file> for consensus: the debate's critique is generous's model, the refinement strict's", async () => {
    // strict 2.0 vs generous 4.0 disagree: the debate runs (docs/protocols.md#consensus); strict then proposes 4.0.
    openai = await startOpenAIStub((r) => ({ json: agentAnswer(r.schemaName === "strict" ? 2 : 4) }));
    gemini = await startGeminiStub((r) => ({ json: r.schemaName === "debate_critique" ? { critique: "strict overlooked the refund confirmation" } : agentAnswer(4) }));
    const file = join(dir, "models.yaml");
    writeFileSync(file, `default: ${GPT}\ngenerous: ${GEMINI}\n`);
    const run = await runCli(["evaluate", CUSTOMER_SERVICE, "--protocol", "consensus", "--models", file, "--max-retries", "0"], {
      OPENAI_API_KEY: "sk-test-00000000000000",
      OPENAI_BASE_URL: openai.baseUrl,
      GOOGLE_API_KEY: "AIza-test-000000000000",
      GOOGLE_BASE_URL: gemini.baseUrl,
    });
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as { overall_score: number; meta: Record<string, unknown> });
    expect(lines).toHaveLength(DIALOGUES);
    for (const line of lines) {
      expect(line.meta.model).toBe(`strict=${GPT},generous=${GEMINI}`);
      expect(line.meta.scored_by).toEqual({ strict: GPT, generous: GEMINI, debate_critique: GEMINI, strict_refinement: GPT });
      // Strict's 4.0 is clamped to 2.0 + 0.3 = 2.3; generous 4.0 + 0.2 × (2.3 − 4.0) = 3.66; two rounds:
      // 0.6 × 2.3 + 0.4 × 3.66 = 2.844, the same arithmetic as with one model (test/cli/protocols-http.test.ts).
      expect(line.overall_score).toBeCloseTo(2.844, 9);
    }
    const roles = (requests: { schemaName: string | undefined }[]) => [...new Set(requests.map((r) => r.schemaName))].sort();
    expect(roles(openai.requests)).toEqual(["strict", "strict_refinement"]);
    // Gemini's probe is strict's contract (the protocol's first call); its run calls are generous's.
    expect(roles(gemini.requests.slice(1))).toEqual(["debate_critique", "generous"]);
  });

  it("a role the protocol does not have, or a role left without a model: exit 2 before any call", async () => {
    const unknown = await runCli(["evaluate", CUSTOMER_SERVICE, "--model", `${GPT},referee=${CLAUDE}`]);
    expect(unknown.code).toBe(2);
    expect(stderrLines(unknown)).toEqual(["tribunal: model: the panel protocol has no role referee; its roles: evaluator, critic"]);
    const missing = await runCli(["evaluate", CUSTOMER_SERVICE, "--protocol", "consensus", "--model", `strict=${GPT}`]);
    expect(missing.code).toBe(2);
    expect(stderrLines(missing)[0]).toMatch(/^tribunal: model: no model for the generous role; name one for every role of consensus \(strict, generous\)/);
  });
});

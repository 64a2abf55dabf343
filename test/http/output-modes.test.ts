/**
 * `--output-mode`: servers that refuse a forced tool (vLLM without a tool parser) or ignore tools and
 * `response_format` (llama.cpp without --jinja) still judge every dialogue, through the real
 * @langchain/openai HTTP path; every mode is read by the same zod contract and repair turn.
 */
import { AIMessage } from "@langchain/core/messages";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { extractJsonObject, parseAnswer } from "../../judges/checks/parse-answer.js";
import { startOpenAIStub, type OpenAIStub, type StubRequest } from "../support/openai-stub.js";
import { runCli } from "../support/cli.js";

const CUSTOMER_SERVICE = "examples/customer-service.jsonl";
const DIALOGUES = 6;
const CRITERIA = ["TaskSuccess", "Helpfulness", "Accuracy", "Understanding", "Empathy", "Fluency"];
const MODEL = "openai:gpt-4o-mini";

/** The role a request asks for: the forced tool or json_schema name, else the one the prompt's schema names. */
function roleOf(request: StubRequest): string | undefined {
  return request.schemaName ?? [...request.rawBody.matchAll(/named \\"(\w+)\\", that follows this JSON schema/g)].at(-1)?.[1];
}

/** The evaluator quotes the first USER utterance it was sent; the critic agrees. */
function answer(request: StubRequest): unknown {
  if (roleOf(request) === "critic") return { critic: CRITERIA.map((criterion) => ({ criterion, comment: "", agree: true, suggested_score: null })) };
  const utterance = /^\[\d+\] USER: (.*)$/m.exec(request.body.messages[0]?.content ?? "")?.[1] ?? "";
  return Object.fromEntries(CRITERIA.map((c) => [c, { justification: `The user says USER: "${utterance}".`, score: 80 }]));
}

const isProbe = (r: StubRequest) => (r.body.messages[0]?.content ?? "").includes("order 1234 has not arrived");
const forcesTool = (r: StubRequest) => typeof r.body.tool_choice === "object" && r.body.tool_choice.function?.name !== undefined;

async function evaluate(stub: OpenAIStub, extra: string[] = []) {
  const run = await runCli(["evaluate", CUSTOMER_SERVICE, "--model", MODEL, "--base-url", stub.baseUrl, "--max-retries", "0", "--timeout", "10000", ...extra]);
  const lines = run.stdout
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as { dialogue_id: string; meta: Record<string, unknown> });
  return { run, lines };
}

describe("--output-mode through the OpenAI client and a local server", () => {
  let stub: OpenAIStub | undefined;
  afterEach(async () => {
    await stub?.close();
    stub = undefined;
  });

  it("auto, a vLLM-like server refusing a named tool_choice (400): the probe settles on json_schema and the model scores every dialogue", async () => {
    stub = await startOpenAIStub((request) =>
      forcesTool(request) ? { status: 400, errorBody: { error: { message: '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set', type: "BadRequestError" } } } : { json: answer(request) },
    );
    const { run, lines } = await evaluate(stub);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^output mode for openai:[\w.-]+: json_schema \(auto; tools: error: HTTP 400: /m);
    expect(lines).toHaveLength(DIALOGUES);
    for (const line of lines) expect(line.meta).toMatchObject({ status: "scored", scored_by: MODEL });
    // The probe: one refused tool call, then one json_schema call; after it, no request offers a tool.
    const [refused, accepted, ...rest] = stub.requests;
    expect(isProbe(refused!) && forcesTool(refused!)).toBe(true);
    expect(isProbe(accepted!) && accepted!.body.response_format?.type).toBe("json_schema");
    expect(rest).toHaveLength(2 * DIALOGUES);
    for (const r of rest) {
      expect(r.body.tools).toBeUndefined();
      expect(r.body.response_format).toMatchObject({ type: "json_schema", json_schema: { name: roleOf(r), strict: true } });
    }
  });

  it("auto, a llama.cpp-like server ignoring tools and response_format, answering JSON in prose and fences: the probe moves past tools and json_schema, and the model scores", async () => {
    stub = await startOpenAIStub((request) => ({ asText: true, content: `Sure! Here is my assessment:\n\`\`\`json\n${JSON.stringify(answer(request), null, 2)}\n\`\`\`\nLet me know if {anything} else is needed.` }));
    const { run, lines } = await evaluate(stub);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^output mode for openai:[\w.-]+: (json|text) \(auto; tools: invalid_output: .*json_schema: invalid_output: /m);
    expect(lines).toHaveLength(DIALOGUES);
    for (const line of lines) expect(line.meta).toMatchObject({ status: "scored", scored_by: MODEL });
    const dialogueRequests = stub.requests.filter((r) => !isProbe(r));
    expect(dialogueRequests).toHaveLength(2 * DIALOGUES);
    for (const r of dialogueRequests) {
      expect(r.body.tools).toBeUndefined();
      // The contract travels in the prompt, under the role's name.
      expect(roleOf(r)).toMatch(/^(evaluator|critic)$/);
    }
  });

  it("an explicit --output-mode json_schema sends response_format json_schema and no tools, probe included", async () => {
    stub = await startOpenAIStub((request) => ({ json: answer(request) }));
    const { run, lines } = await evaluate(stub, ["--output-mode", "json_schema"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/output mode/);
    expect(lines).toHaveLength(DIALOGUES);
    expect(stub.requests.filter(isProbe)).toHaveLength(1);
    expect(stub.requests).toHaveLength(1 + 2 * DIALOGUES);
    for (const r of stub.requests) {
      expect(r.body.tools).toBeUndefined();
      expect(r.body.tool_choice).toBeUndefined();
      expect(r.body.response_format).toMatchObject({ type: "json_schema", json_schema: { name: roleOf(r) } });
    }
  });

  it("--output-mode text --no-probe: plain requests with the schema in the prompt, the object read out of the prose", async () => {
    stub = await startOpenAIStub((request) => ({ content: `My verdict follows.\n${JSON.stringify(answer(request))}\nThat is all.` }));
    const { run, lines } = await evaluate(stub, ["--output-mode", "text", "--no-probe"]);
    expect(run.code, run.stderr).toBe(0);
    expect(lines).toHaveLength(DIALOGUES);
    for (const line of lines) expect(line.meta).toMatchObject({ status: "scored", scored_by: MODEL });
    for (const r of stub.requests) {
      expect(r.body.tools).toBeUndefined();
      expect(r.body.response_format).toBeUndefined();
      expect(r.rawBody).toContain("follows this JSON schema");
    }
  });

  it("--output-mode json sends JSON mode (json_object)", async () => {
    stub = await startOpenAIStub((request) => ({ json: answer(request) }));
    const { run } = await evaluate(stub, ["--output-mode", "json", "--no-probe"]);
    expect(run.code, run.stderr).toBe(0);
    for (const r of stub.requests) expect(r.body.response_format).toEqual({ type: "json_object" });
  });
});

describe("extractJsonObject / parseAnswer with extract", () => {
  it("finds the first balanced object in prose and code fences", () => {
    expect(extractJsonObject('Here you go:\n```json\n{"a": 1, "b": {"c": [2]}}\n```\nDone.')).toEqual({ ok: true, json: { a: 1, b: { c: [2] } } });
  });

  it("ignores braces inside strings, and skips brace groups that are not JSON", () => {
    expect(extractJsonObject('Scores {as asked}: {"reason": "a } and { inside \\" quotes", "score": 3} then {"other": 1}')).toEqual({ ok: true, json: { reason: 'a } and { inside " quotes', score: 3 } });
  });

  it("finds nothing in text without a complete object", () => {
    expect(extractJsonObject("no json here")).toEqual({ ok: false });
    expect(extractJsonObject('cut short: {"a": 1')).toEqual({ ok: false });
  });

  it("parseAnswer extracts only when asked, and the zod contract still decides", () => {
    const schema = z.object({ score: z.number() });
    const reply = new AIMessage('Sure! {"score": 4} Hope that helps.');
    expect(parseAnswer(reply, schema)).toMatchObject({ ok: false, problem: { kind: "malformed_json" } });
    expect(parseAnswer(reply, schema, { extract: true })).toEqual({ ok: true, value: { score: 4 } });
    expect(parseAnswer(new AIMessage('Sure! {"score": "high"}'), schema, { extract: true })).toMatchObject({ ok: false, problem: { kind: "schema_invalid" } });
  });
});

/**
 * `tribunal evaluate --dry-run` and `--max-input-tokens` against a local OpenAI-compatible stub that
 * counts requests: a dry run sends nothing and its token counts are the prompts' (computed here from
 * the prompt builders with the same tokenizer); a dialogue over the limit is unscored `too_long`
 * and never reaches the server.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { readDialogues } from "../../dialogues/read.js";
import { criticMessages, evaluatorMessages } from "../../nodes/panel/prompts.js";
import { offlineEvaluation } from "../../nodes/panel/offline-evaluator.js";
import { panelTools } from "../../nodes/panel/tools.js";
import { loadRubric } from "../../rubrics/load.js";
import { panelAnswer } from "../faults/helpers.js";
import { startOpenAIStub, type OpenAIStub } from "../support/openai-stub.js";
import { expectNoStackTrace, runCli } from "./helpers.js";

const dir = mkdtempSync(join(tmpdir(), "tribunal-dry-run-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let stub: OpenAIStub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

const encoder = new Tiktoken(o200k);
const tokens = (text: string) => encoder.encode(text, [], []).length;

/** A customer-service chat whose first user line names `marker`, so its requests can be told apart. */
function chat(id: string, marker: string, extraTurns = 0): string {
  const messages = [
    { role: "user", content: `Hello, where is parcel ${marker}?` },
    { role: "assistant", content: `Parcel ${marker} arrives on Friday.` },
  ];
  for (let i = 0; i < extraTurns; i++) {
    messages.push({ role: "user", content: `And what about the second box, number ${i}, that was in the same order as ${marker}?` });
    messages.push({ role: "assistant", content: `Box ${i} travels with it and arrives on Friday as well, in the afternoon.` });
  }
  return `${JSON.stringify({ id, messages })}\n`;
}

async function dialoguesOf(path: string): Promise<Dialogue[]> {
  const all: Dialogue[] = [];
  for await (const d of readDialogues(path)) all.push(d);
  return all;
}

/** A request's input tokens as a dry run counts them: the tools' JSON + each message + 4, + 3 per request. */
const requestTokens = (toolsJson: string, messages: { content: unknown }[]) => tokens(toolsJson) + messages.reduce((sum, m) => sum + tokens(String(m.content)) + 4, 0) + 3;

/** The input tokens of the panel's two requests for the file's first dialogue (the critic's shown the offline evaluation), from the prompt builders. */
async function panelRequestTokens(path: string): Promise<{ evaluator: number; critic: number }> {
  const [dialogue] = (await dialoguesOf(path)) as [Dialogue];
  const rubric = loadRubric("customer-service");
  const tools = JSON.stringify(panelTools(rubric).map((t) => convertToOpenAITool({ name: t.name, description: t.description ?? "", schema: t.schema } as never, { strict: true })));
  return {
    evaluator: requestTokens(tools, evaluatorMessages(rubric, dialogue)),
    critic: requestTokens(tools, criticMessages(rubric, dialogue, offlineEvaluation(rubric, dialogue))),
  };
}

async function startStub() {
  stub = await startOpenAIStub((request) => ({ json: panelAnswer(request) }));
  return stub;
}

const model = (s: OpenAIStub) => ["--model", "openai:gpt-4o-mini", "--base-url", s.baseUrl, "--max-retries", "0", "--timeout", "10000"];

interface DryRunJson {
  dry_run: {
    dialogues: number;
    toSend: number;
    calls: { min: number; max: number };
    inputTokens: { min: number; max: number };
    outputTokens: { min: number; max: number };
    largestRequest: { dialogue_id: string; role: string; inputTokens: number } | null;
    overLimit: { count: number; ids: string[] };
    limit: { tokens: number | null; source: string };
    costUsd: { min: number; max: number } | null;
  };
}

describe("--dry-run", () => {
  it("sends nothing and counts the panel's prompts exactly: evaluator + critic, tools included", async () => {
    const s = await startStub();
    const input = join(dir, "tiny.jsonl");
    writeFileSync(input, chat("tiny", "P-1001"));
    const summary = join(dir, "dry.json");
    const run = await runCli(["evaluate", input, ...model(s), "--dry-run", "--summary-json", summary]);
    expectNoStackTrace(run);
    expect(run.code, run.stderr).toBe(0);
    expect(s.requests).toHaveLength(0);

    // The two requests, from the prompt builders.
    const { evaluator, critic } = await panelRequestTokens(input);
    const estimate = (JSON.parse(readFileSync(summary, "utf8")) as DryRunJson).dry_run;
    expect(estimate).toMatchObject({ dialogues: 1, toSend: 1, calls: { min: 2, max: 2 }, inputTokens: { min: evaluator + critic, max: evaluator + critic }, overLimit: { count: 0 } });
    expect(estimate.largestRequest).toEqual({ dialogue_id: "tiny", role: critic > evaluator ? "critic" : "evaluator", inputTokens: Math.max(evaluator, critic) });
    expect(estimate.limit).toEqual({ tokens: 123_904, source: "model table" });
    // gpt-4o-mini: $0.15 / $0.60 per 1M input / output tokens.
    const cost = (evaluator + critic) * 0.15e-6 + estimate.outputTokens.max * 0.6e-6;
    expect(estimate.costUsd?.max).toBeCloseTo(cost, 6);

    const text = run.stdout;
    expect(text).toMatch(/^tribunal dry run: .*tiny\.jsonl, nothing sent$/m);
    expect(text).toMatch(/^ {2}dialogues +1 \(1 to send, 0 over the input limit\)$/m);
    expect(text).toMatch(/^ {2}calls +2$/m);
    expect(text).toContain(`input tokens (est.)   ${(evaluator + critic).toLocaleString("en-US")}`);
    expect(text).toMatch(/cost \(est\.\) +\$0\.\d{4} at \$0\.15 \/ \$0\.6 per 1M/);

    // The evaluator's prompt does not depend on earlier answers: the estimate is what a run sends.
    const real = await runCli(["evaluate", input, ...model(s)]);
    const sent = s.requests.find((r) => r.schemaName === "evaluator" && r.rawBody.includes("P-1001"));
    expect(real.code, real.stderr).toBe(0);
    expect(sent).toBeDefined();
    const wire = requestTokens(JSON.stringify(sent?.body.tools), sent?.body.messages ?? []);
    expect(Math.abs(wire - evaluator)).toBeLessThanOrEqual(2);
  });

  it("one model per role: each call priced at its role's model, and the limit is the smaller model's", async () => {
    const input = join(dir, "tiny-roles.jsonl");
    writeFileSync(input, chat("tiny", "P-1001"));
    const summary = join(dir, "dry-roles.json");
    const run = await runCli(["evaluate", input, "--model", "evaluator=openai:gpt-4o-mini,critic=anthropic:claude-sonnet-4-5", "--dry-run", "--summary-json", summary]);
    expect(run.code, run.stderr).toBe(0);
    const { evaluator, critic } = await panelRequestTokens(input);
    const estimate = (JSON.parse(readFileSync(summary, "utf8")) as DryRunJson & { dry_run: { outputTokensPerCall: Record<string, number>; model: string } }).dry_run;
    expect(estimate.model).toBe("evaluator=openai:gpt-4o-mini,critic=anthropic:claude-sonnet-4-5");
    // gpt-4o-mini's window (123,904) is smaller than claude-sonnet-4-5's (195,904).
    expect(estimate.limit).toEqual({ tokens: 123_904, source: "model table" });
    // The evaluator at gpt-4o-mini ($0.15 / $0.60 per 1M), the critic at claude-sonnet-4-5 ($3 / $15).
    const out = estimate.outputTokensPerCall;
    const cost = evaluator * 0.15e-6 + (out.evaluator as number) * 0.6e-6 + critic * 3e-6 + (out.critic as number) * 15e-6;
    expect(estimate.costUsd?.max).toBeCloseTo(cost, 6);
  });

  it("gives a range for consensus, names dialogues over the limit, and says when the price is unknown", async () => {
    const s = await startStub();
    const input = join(dir, "mixed.jsonl");
    writeFileSync(input, chat("short", "S-1") + chat("long", "L-1", 60));
    const summary = join(dir, "mixed.json");
    const run = await runCli(["evaluate", input, "--protocol", "consensus", "--model", "openai:my-local-model", "--base-url", s.baseUrl, "--dry-run", "--max-input-tokens", "2600", "--summary-json", summary]);
    expect(run.code, run.stderr).toBe(0);
    expect(s.requests).toHaveLength(0);
    const estimate = (JSON.parse(readFileSync(summary, "utf8")) as DryRunJson).dry_run;
    expect(estimate).toMatchObject({ dialogues: 2, toSend: 1, calls: { min: 2, max: 4 }, overLimit: { count: 1, ids: ["long"] }, limit: { tokens: 2600, source: "configured" }, costUsd: null });
    expect(estimate.inputTokens.min).toBeLessThan(estimate.inputTokens.max);
    expect(run.stdout).toMatch(/^ {2}calls +2–4$/m);
    expect(run.stdout).toMatch(/^ {2}over the limit +"long": not sent, unscored \(too_long\) in a run$/m);
    expect(run.stdout).toContain("unknown price for openai:my-local-model");
  });

  it("reads the file like a run: bad input is exit 2 and nothing is printed to stdout", async () => {
    const input = join(dir, "dup.jsonl");
    writeFileSync(input, chat("same", "A") + chat("same", "B"));
    const run = await runCli(["evaluate", input, "--model", "openai:gpt-4o-mini", "--dry-run"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/dup\.jsonl/);
  });
});

describe("--max-input-tokens", () => {
  it("50: the dialogue is unscored too_long, exit 1, and no request for it reaches the server", async () => {
    const s = await startStub();
    const input = join(dir, "limit.jsonl");
    writeFileSync(input, chat("oversized", "Z-777"));
    const run = await runCli(["evaluate", input, ...model(s), "--max-input-tokens", "50"]);
    expectNoStackTrace(run);
    expect(run.code, run.stderr).toBe(1);
    const line = JSON.parse(run.stdout) as { dialogue_id: string; status: string; error: { kind: string; agent: string; message: string }; meta: { calls: number; tokens: { total: number } } };
    expect(line).toMatchObject({ dialogue_id: "oversized", status: "unscored", error: { kind: "too_long", agent: "evaluator" }, meta: { calls: 0, tokens: { total: 0 } } });
    expect(line.error.message).toMatch(/more than the limit of 50 for openai:gpt-4o-mini; the dialogue was not sent/);
    expect(s.requests.filter((r) => r.rawBody.includes("Z-777"))).toHaveLength(0);
    expect(run.stderr).toMatch(/unscored: too_long 1/);
  });

  it("a limit between two dialogues: the small one is judged, the large one is never sent", async () => {
    const s = await startStub();
    const input = join(dir, "two.jsonl");
    writeFileSync(input, chat("small", "M-1") + chat("large", "M-2", 40));
    // The small dialogue's largest request, from a dry run of it alone.
    const alone = join(dir, "small.jsonl");
    writeFileSync(alone, chat("small", "M-1"));
    const summary = join(dir, "small.json");
    await runCli(["evaluate", alone, ...model(s), "--dry-run", "--summary-json", summary]);
    const limit = (JSON.parse(readFileSync(summary, "utf8")) as DryRunJson).dry_run.largestRequest?.inputTokens ?? 0;
    expect(limit).toBeGreaterThan(0);

    const run = await runCli(["evaluate", input, ...model(s), "--max-input-tokens", String(limit)]);
    expect(run.code, run.stderr).toBe(1);
    const lines = run.stdout
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => JSON.parse(l) as { dialogue_id: string; status?: string; error?: { kind: string }; meta: { status: string } });
    expect(lines.find((l) => l.dialogue_id === "small")?.meta.status).toBe("scored");
    expect(lines.find((l) => l.dialogue_id === "large")).toMatchObject({ status: "unscored", error: { kind: "too_long" } });
    expect(s.requests.filter((r) => r.rawBody.includes("M-1")).map((r) => r.schemaName).sort()).toEqual(["critic", "evaluator"]);
    expect(s.requests.filter((r) => r.rawBody.includes("M-2"))).toHaveLength(0);
  });
});

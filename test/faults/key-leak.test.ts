/**
 * With OPENAI_API_KEY=sk-test-<random>, the key reaches the provider and nothing else: not a result
 * line, not a progress or summary line, not an error message, not the --summary-json file, even when
 * the provider echoes it in answers and error bodies.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { startOpenAIStub, type OpenAIStub } from "../support/openai-stub.js";
import { runCliToEnd } from "./child.js";
import { CRITERIA, dialogueOf, firstUserUtterance, writeDialogues } from "./helpers.js";

const dir = mkdtempSync(join(tmpdir(), "tribunal-key-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function expectNoKey(text: string, key: string, where: string): void {
  expect(text, where).not.toContain(key);
  expect(text, where).not.toContain(key.slice("sk-test-".length));
}

describe("the API key never leaves for anywhere but the provider", () => {
  let stub: OpenAIStub | undefined;
  afterEach(async () => {
    await stub?.close();
    stub = undefined;
  });

  it("echoed in answers, error bodies and rate-limit messages: absent from every output", { timeout: 60_000 }, async () => {
    const key = `sk-test-${randomBytes(16).toString("hex")}`;
    stub = await startOpenAIStub((request) => {
      const echoed = String(request.headers.authorization ?? "");
      const n = Number(dialogueOf(request).slice(1));
      const latency = 40;
      if (n % 5 === 1) return { status: 500, hangMs: latency, errorBody: { error: { message: `upstream refused ${echoed}`, type: "server_error" } } };
      if (n % 5 === 2) return { status: 429, hangMs: latency, errorBody: { error: { message: `rate limited for key ${echoed.replace("Bearer ", "")}`, type: "requests" } } };
      if (request.schemaName === "critic") return { hangMs: latency, json: { critic: CRITERIA.map((criterion) => ({ criterion, comment: `key ${echoed}`, agree: true, suggested_score: null })) } };
      const quote = `USER: "${firstUserUtterance(request)}"`;
      return { hangMs: latency, json: Object.fromEntries(CRITERIA.map((c) => [c, { justification: `Your key is ${echoed}; the user asks ${quote}.`, score: 80 }])) };
    });
    const input = writeDialogues(dir, "key.jsonl", 60);
    const summaryJson = join(dir, "summary.json");
    const run = await runCliToEnd(
      ["evaluate", input, "--model", "openai:gpt-4o-mini", "--base-url", stub.baseUrl, "--max-retries", "1", "--retry-base", "1", "--no-probe", "--concurrency", "2", "--progress", "lines", "--progress-interval", "0.3", "--summary-json", summaryJson],
      { OPENAI_API_KEY: key },
    );
    // Rate limits and 5xx past the retries made some agents fall back: scored, but not all by the model (exit 1).
    expect(run.code, run.stderr).toBe(1);
    // The key was really sent, so every echo above carried it.
    expect(stub.requests.every((r) => r.headers.authorization === `Bearer ${key}`)).toBe(true);
    const lines = run.stdout.trim().split("\n");
    expect(lines).toHaveLength(60);
    // Fallbacks (500s and 429s) carry the provider's message, redacted.
    expect(run.stdout).toContain("[redacted]");
    expect(run.stderr).toMatch(/^tribunal: \d+\/60 \(\d+ %\)/m);
    expect(run.stderr).toMatch(/^tribunal: 60\/60 scored, 24 with offline fallback/m);
    expectNoKey(run.stdout, key, "result lines");
    expectNoKey(run.stderr, key, "progress and summary");
    expectNoKey(readFileSync(summaryJson, "utf8"), key, "--summary-json");
  });

  it("a 401 that echoes the key: one redacted line, exit 2", { timeout: 30_000 }, async () => {
    const key = `sk-test-${randomBytes(16).toString("hex")}`;
    stub = await startOpenAIStub((request) => ({
      status: 401,
      errorBody: { error: { message: `Incorrect API key provided: ${String(request.headers.authorization).replace("Bearer ", "")}.`, type: "invalid_request_error", code: "invalid_api_key" } },
    }));
    const out = join(dir, "401.jsonl");
    const run = await runCliToEnd(["evaluate", writeDialogues(dir, "401.jsonl.in", 3), "--model", "openai:gpt-4o-mini", "--base-url", stub.baseUrl, "--out", out], { OPENAI_API_KEY: key });
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^tribunal: evaluator: the provider rejected the credentials \(HTTP 401: Incorrect API key provided: \[redacted\]\.\)/)]);
    expectNoKey(run.stderr + run.stdout, key, "error");
  });
});

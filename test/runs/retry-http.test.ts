/** The retry layer and the --rpm limiter over real HTTP (local stub), through the batch runner. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { startOpenAIStub, type OpenAIStub, type StubReply, type StubRequest } from "../support/openai-stub.js";
import { panelAnswer, runBatch, writeDialogues } from "../faults/helpers.js";

const dir = mkdtempSync(join(tmpdir(), "tribunal-retry-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const one = writeDialogues(dir, "one.jsonl", 1);

describe("retries over HTTP", () => {
  let stub: OpenAIStub | undefined;
  let saved: string | undefined;
  const times: number[] = [];
  beforeEach(() => {
    saved = process.env.OPENAI_API_KEY;
    process.env.OPENAI_API_KEY = "sk-test-retryhttp0000";
    times.length = 0;
  });
  afterEach(async () => {
    if (saved === undefined) delete process.env.OPENAI_API_KEY;
    else process.env.OPENAI_API_KEY = saved;
    await stub?.close();
    stub = undefined;
  });

  /** The first `faults.length` requests get those replies, the rest valid answers. */
  async function scripted(faults: StubReply[]): Promise<OpenAIStub> {
    stub = await startOpenAIStub((request: StubRequest) => {
      times.push(performance.now());
      return faults[request.index] ?? { json: panelAnswer(request) };
    });
    return stub;
  }
  const configurable = (s: OpenAIStub, extra: Record<string, unknown> = {}) => ({ model: "openai:gpt-4o-mini", baseUrl: s.baseUrl, timeoutMs: 5_000, retryBaseMs: 1, retryMaxMs: 5, ...extra });

  it("a 429 without Retry-After is retried, and the retry is recorded", async () => {
    const s = await scripted([{ status: 429 }]);
    const { lines, summary } = await runBatch(one, "panel", { configurable: configurable(s) });
    expect(s.requests.map((r) => r.schemaName)).toEqual(["evaluator", "evaluator", "critic"]);
    expect(lines[0]?.meta).toMatchObject({ status: "scored", fallbacks: [], retries: [{ agent: "evaluator", kind: "rate_limited", wait_ms: expect.any(Number) }] });
    expect(summary.retries).toEqual({ rate_limited: 1 });
  });

  it("waits at least Retry-After: 1 before the next request", async () => {
    const s = await scripted([{ status: 429, headers: { "retry-after": "1" } }]);
    const { lines } = await runBatch(one, "panel", { configurable: configurable(s) });
    expect(lines[0]?.meta.status).toBe("scored");
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(990);
    expect(lines[0]?.meta.retries[0]?.wait_ms).toBe(1000);
  });

  it("a Retry-After longer than allowed fails the call at once (here: fallback, with the reason)", async () => {
    const s = await scripted([{ status: 429, headers: { "retry-after": "120" } }]);
    const { lines } = await runBatch(one, "panel", { configurable: configurable(s) });
    expect(s.requests.map((r) => r.schemaName)).toEqual(["evaluator", "critic"]);
    expect(lines[0]?.meta.fallbacks).toEqual([{ agent: "evaluator", kind: "rate_limited", message: "HTTP 429: stub error 429 (Retry-After 120 s is longer than the 60 s allowed)" }]);
  });

  it("an exhausted quota stops the run with a configuration error", async () => {
    const s = await scripted([{ status: 429, errorBody: { error: { message: "You exceeded your current quota, please check your plan and billing details.", type: "insufficient_quota", code: "insufficient_quota" } } }]);
    await expect(runBatch(one, "panel", { configurable: configurable(s) })).rejects.toMatchObject({ name: "ConfigError", message: expect.stringMatching(/^evaluator: the provider says the quota is exhausted \(HTTP 429: You exceeded your current quota/) });
    expect(s.requests).toHaveLength(1);
  });

  it("5xx: retried up to --max-retries, then the failure path", async () => {
    const twice = [{ status: 500 }, { status: 502 }];
    const s = await scripted(twice);
    const ok = await runBatch(one, "panel", { configurable: configurable(s, { maxRetries: 2 }) });
    expect(ok.lines[0]?.meta).toMatchObject({ status: "scored", fallbacks: [], retries: [{ kind: "server_error" }, { kind: "server_error" }] });
    await stub?.close();
    const s2 = await scripted(twice);
    const failed = await runBatch(one, "panel", { configurable: configurable(s2, { maxRetries: 1 }) });
    expect(s2.requests.map((r) => r.schemaName)).toEqual(["evaluator", "evaluator", "critic"]);
    expect(failed.lines[0]?.meta).toMatchObject({ fallbacks: [{ agent: "evaluator", kind: "server_error", message: "HTTP 502: stub error 502" }], retries: [{ kind: "server_error" }] });
    expect(failed.summary).toMatchObject({ withFallback: 1, fallbacks: { server_error: 1 }, retries: { server_error: 1 } });
  });

  it("a hang past the timeout is a timeout, retried, within the time budget", async () => {
    const s = await scripted([{ hangMs: 10_000 }]);
    const started = performance.now();
    const { lines } = await runBatch(one, "panel", { configurable: configurable(s, { timeoutMs: 300 }) });
    expect(performance.now() - started).toBeLessThan(8_000); // the stub hangs 10 s: only a timeout that fires ends sooner
    expect(lines[0]?.meta).toMatchObject({ status: "scored", retries: [{ agent: "evaluator", kind: "timeout" }] });
  });

  it("--rpm spaces every request evenly, retries included", async () => {
    const s = await scripted([{ status: 500 }]);
    const file = writeDialogues(dir, "rpm.jsonl", 4);
    const { lines } = await runBatch(file, "panel", { concurrency: 4, rpm: 600, configurable: configurable(s) });
    expect(lines).toHaveLength(4);
    expect(s.requests).toHaveLength(9);
    // 600 per minute: one every 100 ms at launch (the stub sees them with the client's own jitter).
    expect((times.at(-1) as number) - (times[0] as number)).toBeGreaterThanOrEqual(8 * 100 - 60);
  });
});

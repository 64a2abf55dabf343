import { describe, expect, it } from "vitest";
import { backoffMs, retryDecision, retrySettingsOf, RetrySettings, withTimeout } from "../../judges/retry.js";
import { classifyError } from "../../judges/classify-error.js";

const settings = RetrySettings.parse({ maxRetries: 3, retryBaseMs: 1000, retryMaxMs: 8000 });
const httpError = (status: number, headers: Record<string, string> = {}, message = `${status} stub error`) =>
  Object.assign(new Error(message), { status, headers: new Headers(headers) });
const decide = (error: unknown, retriesDone = 0, random = () => 0.5) => retryDecision(classifyError("evaluator", error), error, retriesDone, settings, random);

describe("backoff", () => {
  it("doubles from the base, capped, with equal jitter between half and the whole step", () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffMs(n, settings, () => 0))).toEqual([500, 1000, 2000, 4000, 4000, 4000]);
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffMs(n, settings, () => 1))).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    expect(backoffMs(1, settings, () => 0.25)).toBe(1250);
  });
});

describe("retryDecision", () => {
  it("retries a 429 without Retry-After (the OpenAI client would not) on the backoff", () => {
    expect(decide(httpError(429))).toEqual({ retry: true, waitMs: 750 });
    expect(decide(httpError(429), 2)).toEqual({ retry: true, waitMs: 3000 });
  });

  it("honours Retry-After in seconds or as an HTTP date: never sooner", () => {
    expect(decide(httpError(429, { "retry-after": "7" }))).toEqual({ retry: true, waitMs: 7000 });
    expect(decide(httpError(429, { "retry-after": "0" }))).toEqual({ retry: true, waitMs: 750 });
    const at = new Date(Date.now() + 20_000).toUTCString();
    const waited = decide(httpError(429, { "retry-after": at }));
    expect(waited.retry && waited.waitMs).toBeGreaterThan(18_000);
    expect(waited.retry && waited.waitMs).toBeLessThanOrEqual(20_000);
  });

  it("reads 'try again in 2s' from the message when there is no header", () => {
    expect(decide(httpError(429, {}, "429 Rate limit reached. Please try again in 2s."))).toEqual({ retry: true, waitMs: 2000 });
  });

  it("fails the call when Retry-After is longer than allowed, and stops the run on an exhausted quota", () => {
    expect(decide(httpError(429, { "retry-after": "120" }))).toEqual({ retry: false, reason: "Retry-After 120 s is longer than the 60 s allowed" });
    const quota = Object.assign(httpError(429, {}, "429 You exceeded your current quota, please check your plan and billing details."), { code: "insufficient_quota" });
    expect(decide(quota)).toEqual({ retry: false, stop: "the provider says the quota is exhausted" });
  });

  it("retries 5xx, timeouts and connection errors up to maxRetries; not 400, 401 or a plain error", () => {
    expect(decide(httpError(503))).toMatchObject({ retry: true });
    expect(decide(Object.assign(new Error("Request timed out."), { name: "APIConnectionTimeoutError" }))).toMatchObject({ retry: true });
    // Node's own connection error: recognised by its code, not its text.
    expect(decide(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" }))).toMatchObject({ retry: true });
    expect(decide(httpError(500), 3)).toEqual({ retry: false });
    expect(decide(httpError(400))).toEqual({ retry: false });
    expect(decide(httpError(401))).toEqual({ retry: false });
    expect(decide(new Error("boom"))).toEqual({ retry: false });
  });
});

describe("retrySettingsOf", () => {
  it("takes the run's settings and gate, with defaults otherwise", () => {
    expect(retrySettingsOf(undefined).settings).toEqual({ maxRetries: 2, timeoutMs: 60_000, retryBaseMs: 1000, retryMaxMs: 30_000, maxRetryAfterMs: 60_000 });
    const gate = { acquire: async () => undefined };
    expect(retrySettingsOf({ maxRetries: 0, timeoutMs: 50, retryBaseMs: 3, callGate: gate })).toEqual({ settings: { maxRetries: 0, timeoutMs: 50, retryBaseMs: 3, retryMaxMs: 30_000, maxRetryAfterMs: 60_000 }, gate });
  });
});

describe("withTimeout", () => {
  it("rejects a call that outlives its timeout with a timeout error, and aborts its signal", async () => {
    let aborted = false;
    const started = performance.now();
    const error = await withTimeout((signal) => new Promise((resolve) => {
      signal.addEventListener("abort", () => (aborted = true));
      setTimeout(resolve, 5_000);
    }), 50).catch((e: Error) => e);
    expect(performance.now() - started).toBeLessThan(4_000); // un-aborted, the call takes 5 s
    expect(aborted).toBe(true);
    expect(classifyError("judge", error)).toEqual({ agent: "judge", kind: "timeout", message: "the call timed out after 50 ms" });
  });

  it("passes a quick answer through", async () => {
    await expect(withTimeout(async () => 42, 1_000)).resolves.toBe(42);
  });
});

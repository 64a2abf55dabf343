import { describe, expect, it } from "vitest";
import { classifyError } from "../../judges/classify-error.js";

/** An error shaped like the OpenAI client's: name, status and a message that starts with the status. */
function providerError(name: string, status: number | undefined, message: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), { name, ...(status === undefined ? {} : { status }), ...extra });
}

describe("classifyError", () => {
  it.each([
    ["a 429", providerError("RateLimitError", 429, "429 Rate limit reached"), "rate_limited"],
    ["a RateLimitError without status", providerError("RateLimitError", undefined, "slow down"), "rate_limited"],
    ["LangChain's MODEL_RATE_LIMIT code", providerError("Error", undefined, "too many", { lc_error_code: "MODEL_RATE_LIMIT" }), "rate_limited"],
    ["a 500", providerError("InternalServerError", 500, "500 boom"), "server_error"],
    ["a 503", providerError("APIError", 503, "503 overloaded"), "server_error"],
    ["a 401", providerError("AuthenticationError", 401, "401 Incorrect API key"), "auth"],
    ["a 403", providerError("PermissionDeniedError", 403, "403 forbidden"), "auth"],
    ["LangChain's MODEL_AUTHENTICATION code", providerError("Error", undefined, "bad key", { lc_error_code: "MODEL_AUTHENTICATION" }), "auth"],
    ["the client's timeout", providerError("APIConnectionTimeoutError", undefined, "Request timed out."), "timeout"],
    ["an abort", providerError("AbortError", undefined, "This operation was aborted"), "timeout"],
    ["a refused connection", providerError("APIConnectionError", undefined, "Connection error."), "connection"],
    ["ECONNREFUSED in the text", new Error("connect ECONNREFUSED 127.0.0.1:9"), "connection"],
    ["fetch failed", new TypeError("fetch failed"), "connection"],
    ["a 400", providerError("BadRequestError", 400, "400 Invalid schema"), "error"],
    ["anything else", new Error("boom"), "error"],
  ])("sorts %s", (_label, error, kind) => {
    expect(classifyError("evaluator", error).kind).toBe(kind);
  });

  it("checks the status before the text: a 429 whose message says timeout is rate limiting", () => {
    expect(classifyError("critic", providerError("RateLimitError", 429, "429 timeout while queued")).kind).toBe("rate_limited");
  });

  it("names the agent and says the HTTP status once", () => {
    expect(classifyError("assessor:CQ8", providerError("InternalServerError", 500, "500 upstream exploded"))).toEqual({
      agent: "assessor:CQ8",
      kind: "server_error",
      message: "HTTP 500: upstream exploded",
    });
  });

  it("keeps only the first line of the message, at most 300 characters", () => {
    const long = `${"x".repeat(400)}\n    at somewhere (file.js:1:1)`;
    const { message } = classifyError("evaluator", new Error(long));
    expect(message).toBe("x".repeat(300));
  });

  it("accepts a thrown string or null", () => {
    expect(classifyError("evaluator", "socket hang up")).toEqual({ agent: "evaluator", kind: "error", message: "socket hang up" });
    expect(classifyError("evaluator", null)).toEqual({ agent: "evaluator", kind: "error", message: "null" });
  });

  it("redacts an API key echoed by the provider", () => {
    const key = "sk-proj-Zq81mXbW2vK9pLr0";
    const { message, kind } = classifyError("evaluator", providerError("AuthenticationError", 401, `401 Incorrect API key provided: ${key}, see your dashboard.`));
    expect(kind).toBe("auth");
    expect(message).toBe("HTTP 401: Incorrect API key provided: [redacted], see your dashboard.");
    expect(message).not.toContain("Zq81mXbW2vK9pLr0");
  });
});

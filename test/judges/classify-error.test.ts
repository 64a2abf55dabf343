import { OpenAIClient } from "@langchain/openai";
import { describe, expect, it } from "vitest";
import { classifyError } from "../../judges/classify-error.js";

/** An error shaped like the OpenAI client's: name, status and a message that starts with the status. */
function providerError(name: string, status: number | undefined, message: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), { name, ...(status === undefined ? {} : { status }), ...extra });
}

/** A Node system error (`connect ECONNREFUSED …`): the code is what names it. */
function systemError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, syscall: "connect" });
}

/** undici's fetch rejection: `TypeError("fetch failed")` with the real error as its cause. */
function fetchFailed(cause: unknown): TypeError {
  return new TypeError("fetch failed", { cause });
}

/** What the OpenAI client throws when fetch rejects: the SDK's own classes, built as its client builds them. */
const sdkConnectionError = (cause: unknown) => new OpenAIClient.APIConnectionError({ message: undefined, cause: cause as Error });

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
    ["an error named APIConnectionError", providerError("APIConnectionError", undefined, "Connection error."), "connection"],
    ["Node's refused connection (code)", systemError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:9"), "connection"],
    ["fetch's TypeError with a cause", fetchFailed(systemError("ECONNRESET", "read ECONNRESET")), "connection"],
    ["a 400", providerError("BadRequestError", 400, "400 Invalid schema"), "error"],
    ["anything else", new Error("boom"), "error"],
  ])("sorts %s", (_label, error, kind) => {
    expect(classifyError("evaluator", error).kind).toBe(kind);
  });

  it("checks the status first, and never decides by message text", () => {
    expect(classifyError("critic", providerError("RateLimitError", 429, "429 timeout while queued")).kind).toBe("rate_limited");
    expect(classifyError("critic", providerError("InternalServerError", 503, "503 upstream connect error", { cause: systemError("ECONNRESET", "read ECONNRESET") })).kind).toBe("server_error");
    for (const text of ["Connection error.", "fetch failed", "connect ECONNREFUSED 127.0.0.1:9", "the request timed out", "ETIMEDOUT"]) {
      expect(classifyError("critic", new Error(text)).kind, text).toBe("error");
    }
    expect(classifyError("critic", new TypeError("fetch failed")).kind).toBe("error"); // no cause: not fetch's rejection
  });

  describe("the OpenAI SDK's connection errors (name \"Error\", the class and the cause say what happened)", () => {
    it("APIConnectionError over a refused connection is a connection error, with the cause in the message", () => {
      const error = sdkConnectionError(fetchFailed(systemError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:9")));
      expect([error.name, error.message, error.status]).toEqual(["Error", "Connection error.", undefined]);
      expect(classifyError("evaluator", error)).toEqual({ agent: "evaluator", kind: "connection", message: "Connection error. (connect ECONNREFUSED 127.0.0.1:9)" });
    });

    it.each([
      ["an unknown host", systemError("ENOTFOUND", "getaddrinfo ENOTFOUND api.example.invalid")],
      ["a DNS failure", systemError("EAI_AGAIN", "getaddrinfo EAI_AGAIN api.example.com")],
      ["a reset", systemError("ECONNRESET", "read ECONNRESET")],
      ["undici's closed socket", Object.assign(new Error("other side closed"), { name: "SocketError", code: "UND_ERR_SOCKET" })],
      ["Happy Eyeballs' AggregateError (code, no message)", Object.assign(new AggregateError([systemError("ECONNREFUSED", "connect ECONNREFUSED ::1:9")], ""), { code: "ECONNREFUSED" })],
    ])("%s under fetch failed is a connection error", (_label, cause) => {
      expect(classifyError("critic", sdkConnectionError(fetchFailed(cause))).kind).toBe("connection");
    });

    it("APIConnectionError without a cause is still a connection error (the class says so)", () => {
      expect(classifyError("critic", sdkConnectionError(undefined))).toEqual({ agent: "critic", kind: "connection", message: "Connection error." });
    });

    it("APIConnectionTimeoutError, and undici's connect timeout under a connection error, are timeouts", () => {
      expect(classifyError("critic", new OpenAIClient.APIConnectionTimeoutError())).toEqual({ agent: "critic", kind: "timeout", message: "Request timed out." });
      const connectTimeout = Object.assign(new Error("Connect Timeout Error (attempted address: 10.255.255.1:443, timeout: 10000ms)"), { name: "ConnectTimeoutError", code: "UND_ERR_CONNECT_TIMEOUT" });
      expect(classifyError("critic", sdkConnectionError(fetchFailed(connectTimeout))).kind).toBe("timeout");
    });

    it("an undici error that resending cannot fix is not a connection error", () => {
      const invalid = Object.assign(new Error("invalid onRequestStart method"), { name: "InvalidArgumentError", code: "UND_ERR_INVALID_ARG" });
      expect(classifyError("critic", Object.assign(new Error("Connection error."), { cause: invalid })).kind).toBe("error");
    });

    it("redacts the cause's text too, and survives a cause cycle", () => {
      const key = "sk-proj-Zq81mXbW2vK9pLr0";
      const cause = systemError("ENOTFOUND", `getaddrinfo ENOTFOUND ${key}.example.invalid`);
      const error = sdkConnectionError(fetchFailed(cause));
      (cause as Error & { cause?: unknown }).cause = error;
      const failure = classifyError("critic", error);
      expect(failure.kind).toBe("connection");
      expect(failure.message).not.toContain("Zq81mXbW2vK9pLr0");
    });
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

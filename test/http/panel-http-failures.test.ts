/**
 * Failed judge calls over the real HTTP client: a 500, a hang past the timeout, malformed JSON and
 * a 401 each end as an offline fallback (flagged in meta, same scores as the offline judge) or, with
 * `onFailure: "unscored"`, as an unscored line with the error and no scores. Never as a low score,
 * and never with the API key in the line.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startOpenAIStub, type OpenAIStub, type StubReply } from "../support/openai-stub.js";
import { startErrorServer, type ErrorServer } from "./error-server.js";
import { evaluatorAnswer, runPanel, useTestApiKey, withoutMeta, wrongAddressDialogue, type Scores } from "./helpers.js";

interface FailureCase {
  kind: "server_error" | "timeout" | "invalid_output";
  reply: StubReply;
  /** Client retries (LangChain's caller) per call. */
  maxRetries: number;
  timeoutMs: number;
  /** Requests one failing agent makes: client retries × (1 + one repair for invalid output). */
  requestsPerAgent: number;
  message: RegExp;
}

const CASES: FailureCase[] = [
  { kind: "server_error", reply: { status: 500 }, maxRetries: 1, timeoutMs: 5_000, requestsPerAgent: 2, message: /^HTTP 500: stub error 500$/ },
  { kind: "timeout", reply: { hangMs: 20_000 }, maxRetries: 0, timeoutMs: 300, requestsPerAgent: 1, message: /timed out/i },
  { kind: "invalid_output", reply: { content: '{"TaskSuccess": ' }, maxRetries: 0, timeoutMs: 5_000, requestsPerAgent: 2, message: /^malformed_json: the reply is not valid JSON/ },
];

const SCORES: Scores = { TaskSuccess: 60, Helpfulness: 60, Accuracy: 80, Understanding: 60, Empathy: 60, Fluency: 80 };
const QUOTE = 'USER: "No, that\'s not what I asked. I said 12 Elm Street."';

describe("failed judge calls over HTTP", () => {
  const apiKey = useTestApiKey();
  let stub: OpenAIStub | undefined;
  let errorServer: ErrorServer | undefined;
  afterEach(async () => {
    await stub?.close();
    await errorServer?.close();
    stub = undefined;
    errorServer = undefined;
  });

  const offlineLine = () => runPanel(wrongAddressDialogue(), { model: "offline" });

  it.each(CASES)("$kind on every call falls back to the offline judge with the same scores", async (c) => {
    stub = await startOpenAIStub(() => c.reply);
    const started = performance.now();
    const result = await runPanel(wrongAddressDialogue(), { model: "openai:gpt-4o-mini", baseUrl: stub.baseUrl, maxRetries: c.maxRetries, timeoutMs: c.timeoutMs }, apiKey());
    const elapsed = performance.now() - started;

    expect(stub.requests.map((r) => r.schemaName)).toEqual([...Array(c.requestsPerAgent).fill("evaluator"), ...Array(c.requestsPerAgent).fill("critic")]);
    expect(result.meta.status).toBe("scored");
    expect(result.meta.fallbacks).toEqual([
      { agent: "evaluator", kind: c.kind, message: expect.stringMatching(c.message) },
      { agent: "critic", kind: c.kind, message: expect.stringMatching(c.message) },
    ]);
    const offline = await offlineLine();
    expect(offline.meta.fallbacks).toEqual([]);
    expect(withoutMeta(result)).toEqual(withoutMeta(offline));
    if (c.kind === "timeout") expect(elapsed).toBeLessThan(5_000);
  });

  it.each(CASES)("$kind with onFailure=unscored gives an unscored line with the error and no scores", async (c) => {
    stub = await startOpenAIStub(() => c.reply);
    const result = await runPanel(
      wrongAddressDialogue(),
      { model: "openai:gpt-4o-mini", baseUrl: stub.baseUrl, maxRetries: 0, timeoutMs: c.timeoutMs, onFailure: "unscored" },
      apiKey(),
    );

    // The evaluator failed, so the critic was never asked.
    const perAgent = c.kind === "invalid_output" ? 2 : 1;
    expect(stub.requests.map((r) => r.schemaName)).toEqual(Array(perAgent).fill("evaluator"));
    expect(Object.keys(result).sort()).toEqual(["dialogue_id", "error", "meta", "status"]);
    expect(result).toMatchObject({ dialogue_id: "wrong-address", status: "unscored", error: { agent: "evaluator", kind: c.kind, message: expect.stringMatching(c.message) } });
    expect(result.meta).toMatchObject({ status: "unscored", fallbacks: [] });
    expect(JSON.stringify(result)).not.toMatch(/"score"|numeric_weighted_average|OverallExperience/);
  });

  it("a critic failure with onFailure=unscored names the critic and drops the evaluator's scores too", async () => {
    stub = await startOpenAIStub((request) => (request.schemaName === "evaluator" ? { json: evaluatorAnswer(SCORES, QUOTE) } : { status: 503 }));
    const result = await runPanel(wrongAddressDialogue(), { model: "openai:gpt-4o-mini", baseUrl: stub.baseUrl, maxRetries: 0, timeoutMs: 5_000, onFailure: "unscored" }, apiKey());

    expect(stub.requests.map((r) => r.schemaName)).toEqual(["evaluator", "critic"]);
    expect(result).toMatchObject({ status: "unscored", error: { agent: "critic", kind: "server_error", message: "HTTP 503: stub error 503" } });
    expect(result.meta).toMatchObject({ status: "unscored", calls: 2 });
    expect(JSON.stringify(result)).not.toMatch(/"score"|numeric_weighted_average|OverallExperience/);
  });

  it("a 401 that echoes the API key stops the run with a redacted configuration error, after one request", async () => {
    errorServer = await startErrorServer(401, (authorization) => ({
      error: {
        message: `Incorrect API key provided: ${authorization?.replace(/^Bearer /, "")}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        type: "invalid_request_error",
        code: "invalid_api_key",
      },
    }));
    const key = apiKey();
    const secretPart = key.slice("sk-test-".length);
    // A rejected key fails every call alike: falling back to offline for thousands of dialogues
    // would hide it, so the run stops (exit 2 in the CLI), whatever --on-failure says.
    for (const onFailure of ["fallback", "unscored"]) {
      const before = errorServer.authorizations.length;
      const error = await runPanel(wrongAddressDialogue(), { model: "openai:gpt-4o-mini", baseUrl: errorServer.baseUrl, maxRetries: 1, timeoutMs: 5_000, onFailure }, key).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(error?.name).toBe("ConfigError");
      expect(error?.message).toBe(
        "evaluator: the provider rejected the credentials (HTTP 401: Incorrect API key provided: [redacted]. You can find your API key at https://platform.openai.com/account/api-keys.); check OPENAI_API_KEY or --base-url for openai:gpt-4o-mini",
      );
      expect(error?.message).not.toContain(secretPart);
      // The key really went out (so the server could echo it), once: a 401 is not retried and the critic never runs.
      expect(errorServer.authorizations.slice(before)).toEqual([`Bearer ${key}`]);
    }
  });
});

/**
 * LangSmith traces of `tribunal compare` (a child process, real LangChain tracer) sent to a local
 * endpoint: the batch is one project, named by --project or derived from the configuration with the
 * pairwise protocol, with one root run per pair, and no API key in any payload.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLangSmithEndpoint, type LangSmithEndpoint } from "./endpoint.js";
import { fakeSecrets, leaks, runTracedCli, type CliRun } from "./helpers.js";

const A = "test/pairwise/fixtures/bot-v1.jsonl";
const B = "test/pairwise/fixtures/bot-v2.jsonl";
const secrets = fakeSecrets();
let endpoint: LangSmithEndpoint;
let named: CliRun;
let derived: CliRun;

const tracingEnv = (url: string) => ({ LANGSMITH_TRACING: "true", LANGSMITH_ENDPOINT: url, LANGSMITH_API_KEY: secrets.langsmithKey, OPENAI_API_KEY: secrets.openaiKey });
const rootsIn = (project: string) => endpoint.runs().filter((r) => !r.parent_run_id && r.session_name === project);

beforeAll(async () => {
  endpoint = await startLangSmithEndpoint();
  named = await runTracedCli(["compare", A, B, "--project", "cli-compare"], tracingEnv(endpoint.url));
  derived = await runTracedCli(["compare", A, B], tracingEnv(endpoint.url));
}, 120_000);

afterAll(async () => {
  await endpoint?.close();
});

describe("LangSmith traces of tribunal compare", () => {
  it("says where the traces go: --project, else a name from the pairwise configuration", () => {
    expect(named.code, named.stderr).toBe(0);
    expect(named.stderr).toContain("tribunal: tracing to LangSmith project cli-compare\n");
    expect(derived.code, derived.stderr).toBe(0);
    expect(derived.stderr).toMatch(/tribunal: tracing to LangSmith project tribunal-pairwise-customer-service-offline\n/);
  });

  it("a batch is one project with one pairwise root run per joined pair (4 ids in both files)", () => {
    expect(rootsIn("cli-compare").map((r) => r.name)).toEqual(["pairwise", "pairwise", "pairwise", "pairwise"]);
    expect(rootsIn("tribunal-pairwise-customer-service-offline")).toHaveLength(4);
  });

  it("sends no API key in any payload", () => {
    expect(endpoint.requests.length).toBeGreaterThan(0);
    expect(leaks(endpoint.requests, secrets)).toEqual([]);
  });
});

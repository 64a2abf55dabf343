/**
 * LangSmith traces of `tribunal evaluate` (a child process, real LangChain tracer) sent to a local
 * endpoint: one project per batch (named by --project or derived from the configuration), one root
 * run per dialogue with the debate round by name, tags and dialogue_id on every run, no API key in
 * any payload; and a bounded flush: with the endpoint down the CLI exits with a warning, not a hang.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOpenAIStub, type OpenAIStub } from "../support/openai-stub.js";
import { startLangSmithEndpoint, traceOf, type LangSmithEndpoint, type TracedRun } from "./endpoint.js";
import { dialoguesFile, fakeSecrets, judgeScript, leaks, runTracedCli, type CliRun } from "./helpers.js";

const secrets = fakeSecrets();
let endpoint: LangSmithEndpoint;
let stub: OpenAIStub;
let file: string;
let consensusRun: CliRun;
let panelRun: CliRun;

const llmArgs = () => ["--model", "openai:gpt-4o-mini", "--base-url", stub.baseUrl, "--max-retries", "0", "--timeout", "10000", "--no-probe"];
const tracingEnv = (url: string) => ({ LANGSMITH_TRACING: "true", LANGSMITH_ENDPOINT: url, LANGSMITH_API_KEY: secrets.langsmithKey, OPENAI_API_KEY: secrets.openaiKey });
const rootsIn = (project: string) => endpoint.runs().filter((r) => !r.parent_run_id && r.session_name === project);

beforeAll(async () => {
  endpoint = await startLangSmithEndpoint();
  stub = await startOpenAIStub(judgeScript);
  file = dialoguesFile();
  consensusRun = await runTracedCli(["evaluate", file, "--protocol", "consensus", "--project", "cli-consensus", ...llmArgs()], tracingEnv(endpoint.url));
  panelRun = await runTracedCli(["evaluate", file, "--protocol", "panel", ...llmArgs()], tracingEnv(endpoint.url));
}, 120_000);

afterAll(async () => {
  await stub?.close();
  await endpoint?.close();
});

describe("LangSmith traces of tribunal evaluate", () => {
  it("judges the batch and says where the traces go", () => {
    expect(consensusRun.code, consensusRun.stderr).toBe(0);
    expect(consensusRun.stdout.trim().split("\n")).toHaveLength(2);
    expect(consensusRun.stderr).toContain("tribunal: tracing to LangSmith project cli-consensus\n");
    expect(panelRun.code, panelRun.stderr).toBe(0);
    // No --project and no LANGSMITH_PROJECT: the name comes from the configuration.
    expect(panelRun.stderr).toContain("tribunal: tracing to LangSmith project tribunal-panel-customer-service-openai-gpt-4o-mini\n");
  });

  it("a batch is one project with one root run per dialogue", () => {
    expect(rootsIn("cli-consensus").map((r) => r.name)).toEqual(["consensus", "consensus"]);
    expect(rootsIn("tribunal-panel-customer-service-openai-gpt-4o-mini").map((r) => r.name)).toEqual(["panel", "panel"]);
  });

  it("the consensus trace shows each agent and the debate round by name, under its node", () => {
    for (const root of rootsIn("cli-consensus")) {
      const trace = traceOf(endpoint.runs(), root);
      for (const role of ["strict", "generous", "debate_critique", "strict_refinement"]) {
        expect(trace.named(role).map(trace.path).sort()).toEqual([`consensus > ${role}`, `consensus > ${role} > ${role}`]);
      }
      expect(trace.named("generous_move").map(trace.path)).toEqual(["consensus > generous_move"]);
      expect(trace.named("agreement").map(trace.path)).toEqual(["consensus > agreement", "consensus > agreement"]);
    }
  });

  it("every run of the batch carries the protocol and rubric tags and its dialogue_id", () => {
    for (const [project, protocol, rubric] of [
      ["cli-consensus", "consensus", "customer-service-5"],
      ["tribunal-panel-customer-service-openai-gpt-4o-mini", "panel", "customer-service"],
    ] as const) {
      const ids = new Set<unknown>();
      for (const root of rootsIn(project)) {
        const dialogueId = root.extra?.metadata?.dialogue_id;
        ids.add(dialogueId);
        for (const run of traceOf(endpoint.runs(), root as TracedRun).runs) {
          expect(run.tags, run.name).toEqual(expect.arrayContaining([`protocol:${protocol}`, `rubric:${rubric}`]));
          expect(run.extra?.metadata, run.name).toMatchObject({ dialogue_id: dialogueId, protocol, rubric });
        }
      }
      expect(ids).toEqual(new Set(["refund", "refund-2"]));
    }
  });

  it("no API key in any payload sent to LangSmith", () => {
    expect(endpoint.requests.some((r) => r.path === "/runs/multipart" || r.path === "/runs/batch")).toBe(true);
    expect(leaks(endpoint.requests, secrets)).toEqual([]);
    expect(stub.requests.length).toBeGreaterThan(0);
  });
});

/** An endpoint that accepts connections and never answers. */
async function silentServer(): Promise<{ url: string; server: Server }> {
  const server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** A loopback port nobody listens on (connections are refused). */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe("flushing traces before exit is bounded", () => {
  it.each(["never answers", "refuses connections"])("endpoint %s: the results are written and the CLI exits within 5 s of finishing, with a warning", async (mode) => {
    const silent = mode === "never answers" ? await silentServer() : undefined;
    const url = silent?.url ?? (await closedPort());
    try {
      const offline = { LANGSMITH_API_KEY: secrets.langsmithKey };
      const baseline = await runTracedCli(["evaluate", file, "--protocol", "panel"], offline);
      const run = await runTracedCli(["evaluate", file, "--protocol", "panel"], { ...offline, LANGSMITH_TRACING: "true", LANGSMITH_ENDPOINT: url });
      expect(run.code, run.stderr).toBe(0);
      const ids = (out: string) => out.trim().split("\n").map((l) => (JSON.parse(l) as { dialogue_id: string }).dialogue_id).sort();
      expect(ids(run.stdout)).toEqual(["refund", "refund-2"]);
      expect(ids(baseline.stdout)).toEqual(["refund", "refund-2"]);
      expect(run.stderr).toContain(`tribunal: warning: LangSmith traces not sent after 5 s (is ${url} reachable?); exiting without them`);
      // The bounded wait (5 s) plus start-up; the unbounded flush took 88 s here.
      expect(run.elapsedMs - baseline.elapsedMs).toBeLessThan(5_000 + 20_000); // generous for start-up noise; unbounded was 88 s
    } finally {
      silent?.server.closeAllConnections();
      silent?.server.close();
    }
  }, 60_000);
});

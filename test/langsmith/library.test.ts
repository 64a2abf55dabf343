/**
 * LangSmith traces of library runs (`evaluateDialogue`), sent by the real LangChain tracer to a local
 * endpoint: the run tree reads like the protocol (nodes, agent calls, the debate round by name), every
 * run carries the protocol/rubric tags and the `dialogue_id`, and no API key travels in a payload.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluateDialogue, flushTraces, type EvaluateOptions } from "../../index.js";
import { startOpenAIStub, type OpenAIStub } from "../support/openai-stub.js";
import { startLangSmithEndpoint, traceOf, type LangSmithEndpoint, type TracedRun } from "./endpoint.js";
import { fakeSecrets, judgeScript, leaks, REFUND } from "./helpers.js";

const secrets = fakeSecrets();
const VARIABLES = ["LANGSMITH_TRACING", "LANGSMITH_ENDPOINT", "LANGSMITH_API_KEY", "LANGSMITH_PROJECT", "LANGCHAIN_TRACING_V2", "LANGCHAIN_PROJECT", "OPENAI_API_KEY"] as const;
const saved = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));
let endpoint: LangSmithEndpoint;
let stub: OpenAIStub;

beforeAll(async () => {
  endpoint = await startLangSmithEndpoint();
  stub = await startOpenAIStub(judgeScript);
  for (const name of VARIABLES) delete process.env[name];
  Object.assign(process.env, { LANGSMITH_TRACING: "true", LANGSMITH_ENDPOINT: endpoint.url, LANGSMITH_API_KEY: secrets.langsmithKey, OPENAI_API_KEY: secrets.openaiKey });
});

afterAll(async () => {
  for (const name of VARIABLES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  await stub?.close();
  await endpoint?.close();
});

function llm(protocol: "panel" | "consensus", project: string): EvaluateOptions {
  const common = { model: "openai:gpt-4o-mini", baseUrl: stub.baseUrl, maxRetries: 0, timeoutMs: 10_000, project, tags: ["library-test"] };
  return protocol === "panel" ? { protocol, ...common } : { protocol, ...common };
}

/** Runs one library evaluation and returns its trace (the one root run named after the protocol in `project`). */
async function traced(protocol: "panel" | "consensus", project: string) {
  const result = await evaluateDialogue(REFUND, llm(protocol, project));
  expect(await flushTraces(10_000)).toBe(true);
  const roots = endpoint.runs().filter((r) => !r.parent_run_id && r.session_name === project);
  expect(roots.map((r) => r.name)).toEqual([protocol]);
  return { result, root: roots[0] as TracedRun, trace: traceOf(endpoint.runs(), roots[0] as TracedRun) };
}

/** The path of every run with this name, from the root. */
const pathsOf = (trace: ReturnType<typeof traceOf>, name: string) => trace.named(name).map(trace.path).sort();

describe("LangSmith traces of library runs", () => {
  it("panel: one root run per dialogue, a child run per node, each agent call named after its role under its node", async () => {
    const { result, root, trace } = await traced("panel", "lib-panel");
    expect(result.meta.status).toBe("scored");
    expect(root.run_type).toBe("chain");
    const nodes = trace.runs.filter((r) => r.parent_run_id === root.id && !(r.tags ?? []).includes("langsmith:hidden"));
    expect(nodes.map((r) => r.name)).toEqual(expect.arrayContaining(["read_input", "evaluator", "critic", "referee", "score"]));
    expect(pathsOf(trace, "evaluator")).toEqual(["panel > evaluator", "panel > evaluator > evaluator"]);
    expect(pathsOf(trace, "critic")).toEqual(["panel > critic", "panel > critic > critic"]);
    // The agent call's model run sits under the call named after the role.
    const modelRuns = trace.runs.filter((r) => r.run_type === "llm");
    expect(modelRuns.map((r) => trace.path(r).split(" > ").slice(0, 3).join(" > ")).sort()).toEqual(["panel > critic > critic", "panel > evaluator > evaluator"]);
    expect(new Set(trace.runs.map((r) => r.trace_id))).toEqual(new Set([root.id]));
    for (const run of trace.runs) expect(run.end_time, run.name).toBeTruthy();
  });

  it("consensus: the debate round reads by name (debate_critique, strict_refinement, generous_move) between two agreement checks", async () => {
    const { result, root, trace } = await traced("consensus", "lib-consensus");
    // strict 2, generous 4: round 2 keeps strict at 2 (its answer is clamped to [2, 2.3]), generous moves to 3.6.
    expect(result.consensus_metadata).toEqual({ rounds_conducted: 2, strict_final_score: 2, generous_final_score: 3.6, consensus_method: "weighted_average" });
    expect(result.overall_score).toBe(2.64);
    const children = trace.runs.filter((r) => r.parent_run_id === root.id && !(r.tags ?? []).includes("langsmith:hidden"));
    const order = children.sort((a, b) => Number(a.extra?.metadata?.langgraph_step) - Number(b.extra?.metadata?.langgraph_step)).map((r) => r.name);
    expect(order.slice(0, 1)).toEqual(["read_input"]);
    expect(order.slice(1, 3).sort()).toEqual(["generous", "strict"]);
    expect(order.slice(3)).toEqual(["agreement", "debate_critique", "strict_refinement", "generous_move", "agreement", "consensus"]);
    for (const role of ["strict", "generous", "debate_critique", "strict_refinement"]) {
      expect(pathsOf(trace, role)).toEqual([`consensus > ${role}`, `consensus > ${role} > ${role}`]);
      expect(trace.runs.some((r) => r.run_type === "llm" && trace.path(r).startsWith(`consensus > ${role} > ${role} > `)), role).toBe(true);
    }
  });

  it("every run carries the protocol, rubric and model tags and the dialogue_id metadata, in the named project", () => {
    const rubrics = { panel: "customer-service", consensus: "customer-service-5" };
    for (const [protocol, project] of [["panel", "lib-panel"], ["consensus", "lib-consensus"]] as const) {
      const root = endpoint.runs().find((r) => !r.parent_run_id && r.session_name === project) as TracedRun;
      const runs = traceOf(endpoint.runs(), root).runs;
      expect(runs.length).toBeGreaterThan(10);
      for (const run of runs) {
        expect(run.session_name, run.name).toBe(project);
        expect(run.tags, run.name).toEqual(expect.arrayContaining([`protocol:${protocol}`, `rubric:${rubrics[protocol]}`, "model:openai:gpt-4o-mini", "library-test"]));
        expect(run.extra?.metadata, run.name).toMatchObject({ dialogue_id: "refund", protocol, rubric: rubrics[protocol] });
      }
    }
  });

  it("sends each run once, to the project named in the options (no second copy in a default project)", () => {
    const projects = new Set(endpoint.runs().map((r) => r.session_name));
    expect(projects).toEqual(new Set(["lib-panel", "lib-consensus"]));
  });

  it("no API key in any payload: the LangSmith key only in the x-api-key header, the OpenAI key nowhere", () => {
    expect(endpoint.requests.filter((r) => r.path === "/runs/multipart" || r.path === "/runs/batch").length).toBeGreaterThan(0);
    expect(endpoint.requests.every((r) => r.headers["x-api-key"] === secrets.langsmithKey)).toBe(true);
    expect(leaks(endpoint.requests, secrets)).toEqual([]);
    // The stub did receive the OpenAI key: the check above looks at traffic that could have carried it.
    expect(stub.requests[0]?.headers.authorization).toBe(`Bearer ${secrets.openaiKey}`);
  });
});

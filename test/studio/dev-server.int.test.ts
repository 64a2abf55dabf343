/**
 * Every graph of langgraph.json served by the real `langgraphjs dev` server (offline judge, no key),
 * driven through `@langchain/langgraph-sdk`: `runs.wait` and `runs.stream` on example dialogues given
 * as a pasted transcript or a dialogue object, configuration through `context` and `configurable`,
 * and the consensus graph's human review (interrupt, then resume with a `command`).
 */
import { readFileSync } from "node:fs";
import { Client } from "@langchain/langgraph-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDialogues } from "../../dialogues/index.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { ROOT, startDevServer, type DevServer } from "./dev-server.js";
import { graph as baremGraph } from "../../graphs/barem.js";
import { graph as checklistGraph } from "../../graphs/checklist.js";
import { graph as consensusGraph } from "../../graphs/consensus.js";
import { graph as panelGraph } from "../../graphs/panel.js";
import { clean, fixed2 } from "../../scoring/numbers.js";

const example = (name: string) => readFileSync(`${ROOT}examples/${name}`, "utf8");
/** One dialogue as a user would paste it: the first line of a JSONL file, the first block of a text file. */
const REFUND_JSONL = example("customer-service.jsonl").split("\n")[0] as string;
const COACHING_TURNS = example("coaching-turns.txt").split(/\n(?==== Dialogue )/)[0] as string;
const PREFERENCE_TSV = example("preference-elicitation.tsv").split(/\n\s*\n/)[0] as string;
const FLIGHT = parseDialogues(example("customer-service.jsonl"), "customer-service.jsonl").find((d) => d.id === "cancelled-flight") as Dialogue;

type Result = Record<string, unknown> & { meta: Record<string, unknown> };
/** The graphs as the dev server loads them (langgraph.json: ./graphs/<protocol>.ts:graph). */
const STUDIO_GRAPHS = { panel: panelGraph, consensus: consensusGraph, checklist: checklistGraph, barem: baremGraph };
/** The same graph run in this process: what the server must return (timings aside). */
async function inProcess(protocol: string, input: object, configurable: Record<string, unknown> = {}): Promise<Result> {
  const graph = STUDIO_GRAPHS[protocol as keyof typeof STUDIO_GRAPHS] as unknown as { invoke(i: object, c: object): Promise<{ result: Result }> };
  return (await graph.invoke(input, { configurable })).result;
}
const untimed = (result: Result) => ({ ...result, meta: { ...result.meta, latency_ms: 0 } });

let server: DevServer;
let client: Client;
const threads: string[] = [];
const assistants: string[] = [];

async function thread(): Promise<string> {
  const { thread_id } = await client.threads.create();
  threads.push(thread_id);
  return thread_id;
}

beforeAll(async () => {
  server = await startDevServer(90_000);
  client = new Client({ apiUrl: server.url });
}, 120_000);

afterAll(async () => {
  // Leave no state behind in .langgraph_api.
  await Promise.allSettled([...threads.map((id) => client.threads.delete(id)), ...assistants.map((id) => client.assistants.delete(id))]);
  await server?.stop();
}, 30_000);

describe("langgraphjs dev serves every graph", () => {
  it("lists the five graphs of langgraph.json as assistants, each with Studio's input form: a transcript or a dialogue (pairwise: a pair, or two sides)", async () => {
    const found = await client.assistants.search({ limit: 50, metadata: { created_by: "system" } });
    expect(found.map((a) => a.graph_id).sort()).toEqual(["barem", "checklist", "consensus", "pairwise", "panel"]);
    for (const assistant of found) {
      const schemas = await client.assistants.getSchemas(assistant.assistant_id);
      const input = schemas.input_schema as { properties?: Record<string, { type?: string }>; required?: string[] };
      const text = assistant.graph_id === "pairwise" ? ["transcript_a", "transcript_b"] : ["transcript"];
      const fields = assistant.graph_id === "pairwise" ? ["a", "b", "dialogue", ...text] : ["dialogue", ...text];
      expect(Object.keys(input.properties ?? {}).sort(), assistant.graph_id).toEqual(fields);
      for (const field of text) expect(input.properties?.[field]?.type).toBe("string");
      expect(input.required ?? []).toEqual([]);
    }
    const graphs = (JSON.parse(readFileSync(`${ROOT}langgraph.json`, "utf8")) as { graphs: Record<string, string> }).graphs;
    expect(Object.keys(graphs).sort()).toEqual(["barem", "checklist", "consensus", "pairwise", "panel"]);
  });

  it("panel (runs.wait): a pasted JSONL transcript, the rubric chosen through the run's context", async () => {
    const state = (await client.runs.wait(await thread(), "panel", { input: { transcript: REFUND_JSONL }, context: { rubric: "ccpe-strict" } })) as { result: Result; dialogue: Dialogue };
    expect(state.dialogue.id).toBe("refund-resolved");
    expect(state.result.meta).toMatchObject({ protocol: "panel", rubric: "ccpe-strict", model: "offline", status: "scored", calls: 2 });
    expect(Object.keys(state.result.referee_final as object)).toEqual(["TaskSuccess", "Helpfulness", "Accuracy", "Understanding", "Empathy", "Fluency", "numeric_weighted_average", "OverallExperience"]);
    expect(untimed(state.result)).toEqual(untimed(await inProcess("panel", { transcript: REFUND_JSONL }, { rubric: "ccpe-strict" })));
  });

  it("checklist (runs.stream): a pasted '--- Turn N ---' transcript; updates name each node, one assessor per criterion", async () => {
    const updates: string[] = [];
    let last: { result?: Result } = {};
    for await (const event of client.runs.stream(await thread(), "checklist", { input: { transcript: COACHING_TURNS }, streamMode: ["updates", "values"] })) {
      if (event.event === "updates") updates.push(...Object.keys(event.data as object));
      if (event.event === "values") last = event.data as typeof last;
    }
    expect(updates[0]).toBe("read_input");
    expect(updates.filter((n) => n === "assessor")).toHaveLength(20);
    expect(updates.slice(-2)).toEqual(["gate", "score"]);
    const result = last.result as Result;
    expect(result).toMatchObject({ dialogue_id: "coaching-crisis-handled", yes: 18, no: 0, na: 2, score: 1, rejected: false, passed: true });
    expect(untimed(result)).toEqual(untimed(await inProcess("checklist", { transcript: COACHING_TURNS })));
  });

  it("barem (runs.stream): a pasted USS tab-separated session", async () => {
    const updates: string[] = [];
    let last: { result?: Result } = {};
    for await (const event of client.runs.stream(await thread(), "barem", { input: { transcript: PREFERENCE_TSV }, streamMode: ["updates", "values"] })) {
      if (event.event === "updates") updates.push(...Object.keys(event.data as object));
      if (event.event === "values") last = event.data as typeof last;
    }
    expect(updates).toEqual(["read_input", "judge", "score"]);
    const result = last.result as Result;
    expect(result.dialogue_id).toBe(0);
    // The criterion scores are the offline judge's reading (the same as in process, below); the barem's arithmetic:
    // weighted average (TaskSuccess 0.40, Helpfulness 0.15, Accuracy 0.15, Understanding, Empathy, Fluency 0.10 each),
    // rounded down to a bucket of 20/40/60/80/100 (e.g. 80, 80, 100, 80, 80, 80 → 83.00 → 80).
    const LEVELS = [20, 40, 60, 80, 100];
    const WEIGHTS = { TaskSuccess: 0.4, Helpfulness: 0.15, Accuracy: 0.15, Understanding: 0.1, Empathy: 0.1, Fluency: 0.1 };
    const scores = Object.keys(WEIGHTS).map((id) => (result[id] as { score: number }).score);
    for (const score of scores) expect(LEVELS).toContain(score);
    const average = clean(Object.values(WEIGHTS).reduce((sum, weight, i) => sum + weight * (scores[i] as number), 0));
    expect((result.audit as { weighted_calc: string }).weighted_calc).toBe(`${Object.values(WEIGHTS).map((weight, i) => `${scores[i]}*${fixed2(weight)}`).join(" + ")} = ${fixed2(average)}`);
    expect(result.OverallExperience).toMatchObject({ score: Math.max(...LEVELS.filter((level) => level <= average)) });
    expect(untimed(result)).toEqual(untimed(await inProcess("barem", { transcript: PREFERENCE_TSV })));
  });

  it("consensus (runs.wait): a dialogue object and run-level configurable; the agents agree, so no review even with humanReview on", async () => {
    const refund = parseDialogues(REFUND_JSONL, "customer-service.jsonl")[0] as Dialogue;
    // A smaller offline bias than the default ±0.5, so that strict and generous agree in round 1.
    const configurable = { humanReview: true, offlineBias: { strict: -0.2, generous: 0.2 } };
    const state = (await client.runs.wait(await thread(), "consensus", { input: { dialogue: refund }, config: { configurable } })) as { result: Result };
    const metadata = state.result.consensus_metadata as { strict_final_score: number; generous_final_score: number };
    expect(metadata).toMatchObject({ rounds_conducted: 1, consensus_method: "agreement" });
    // Offline strict is the reading r − 0.2 × (r − 1) / 2 and generous r + 0.2 × (5 − r) / 2, so they are
    // 0.2 × 4 / 2 = 0.4 ≤ 0.5 apart whatever r: agreement in round 1. Today r = 5 for refund-resolved:
    // strict 5 − 0.2 × 4 / 2 = 4.6, generous 5, and 0.6 × 4.6 + 0.4 × 5 = 4.76.
    const { strict_final_score: strict, generous_final_score: generous } = metadata;
    expect(clean(generous - strict)).toBe(0.4);
    expect(state.result.overall_score).toBe(clean(0.6 * strict + 0.4 * generous));
    expect(state.result.human_review).toBeUndefined();
    expect(untimed(state.result)).toEqual(untimed(await inProcess("consensus", { dialogue: refund }, configurable)));
  });

  it("consensus with humanReview (an assistant configured as in Studio): pauses when the debate ends without agreement, resumes with the reviewer's decision", async () => {
    // What Studio's assistant editor does: a new assistant of the graph with its own configuration.
    const reviewed = await client.assistants.create({ graphId: "consensus", name: "consensus, human review", context: { humanReview: true } });
    assistants.push(reviewed.assistant_id);
    const id = await thread();
    const paused = (await client.runs.wait(id, reviewed.assistant_id, { input: { dialogue: FLIGHT } })) as { __interrupt__?: { value: Record<string, unknown> }[] };
    // The same consensus without review, in this process: what the reviewer is asked about.
    const consensus = await inProcess("consensus", { dialogue: FLIGHT });
    const { strict_final_score: strict, generous_final_score: generous } = consensus.consensus_metadata as { strict_final_score: number; generous_final_score: number };
    // Offline judge, default ±0.5: strict and generous start 1.0 apart; the debate round raises strict by the cap 0.3
    // and moves generous 20 % of the 0.7 left, so |Δ| = 1.0 − 0.3 − 0.14 = 0.56 > 0.5 and the consensus is
    // 0.6 × strict + 0.4 × generous (today 0.6 × 3.3025 + 0.4 × 3.8625 = 3.5265).
    expect(clean(generous - strict)).toBe(0.56);
    expect(consensus.overall_score).toBe(clean(0.6 * strict + 0.4 * generous));
    expect(paused.__interrupt__?.[0]?.value).toMatchObject({ kind: "consensus_review", dialogue_id: "cancelled-flight", proposed_overall_score: consensus.overall_score, strict, generous, scale: { min: 1, max: 5 } });
    const waiting = await client.threads.getState(id);
    expect(waiting.next).toEqual(["human_review"]);

    const updates: string[] = [];
    let last: { result?: Result } = {};
    const decision = { decision: "override", overall_score: 3, comment: "the agent never offered a rebooking", reviewer: "qa-lead" };
    for await (const event of client.runs.stream(id, reviewed.assistant_id, { command: { resume: decision }, streamMode: ["updates", "values"] })) {
      if (event.event === "updates") updates.push(...Object.keys(event.data as object));
      if (event.event === "values") last = event.data as typeof last;
    }
    expect(updates).toEqual(["human_review"]);
    const result = last.result as Result;
    expect(result.overall_score).toBe(3);
    expect(result.human_review).toEqual({ decision: "override", overall_score: 3, consensus_overall_score: consensus.overall_score, comment: "the agent never offered a rebooking", reviewer: "qa-lead" });
    expect(result.consensus_metadata).toMatchObject({ rounds_conducted: 2, consensus_method: "weighted_average" });
    expect((await client.threads.getState(id)).next).toEqual([]);
  });

  it("an empty input is refused with a message that says what to send", async () => {
    await expect(client.runs.wait(await thread(), "barem", { input: {} })).rejects.toThrow(/"error":"InputError","message":"no dialogue to judge: send \{ /);
  });
});

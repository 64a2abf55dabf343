import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { END, START, StateGraph } from "@langchain/langgraph";
import { PROTOCOLS } from "../graphs/registry.js";
import { PanelInput, PanelState } from "../nodes/panel/state.js";
import { buildPanelGraph, routeAfterAgent } from "../graphs/panel.js";
import { readDialogues } from "../dialogues/read.js";
import type { Dialogue } from "../dialogues/dialogue.js";
import { evaluateFile } from "../runs/evaluate-batch.js";
import { READ_INPUT } from "../nodes/read-input.js";
import { writeBenchDialogues } from "./dialogues.js";
import { FakeJudgeModel } from "./fake-model.js";
import type { Figure } from "./figures.js";

const CALLS_PER_DIALOGUE = 2; // panel: evaluator + critic

function tempInput(n: number): { file: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "tribunal-bench-"));
  const file = join(dir, "dialogues.jsonl");
  writeBenchDialogues(file, n);
  return { file, done: () => rmSync(dir, { recursive: true, force: true }) };
}

async function runPanel(file: string, model: FakeJudgeModel, concurrency: number): Promise<number> {
  let lines = 0;
  await evaluateFile(file, { protocol: PROTOCOLS.panel, concurrency, configurable: { model: "openai:bench", chatModel: model, maxRetries: 0 }, write: () => void lines++ });
  return lines;
}

/** Dialogues/s achieved ÷ concurrency / (calls per dialogue × latency), from the first call to the last answer. */
export async function batchEfficiency(latencyMs: number, n = 1000, concurrency = 64): Promise<Figure> {
  const input = tempInput(n);
  try {
    const model = new FakeJudgeModel(latencyMs);
    const lines = await runPanel(input.file, model, concurrency);
    const seconds = (model.lastAnswerAt - model.firstCallAt) / 1000;
    const achieved = lines / seconds;
    const limit = concurrency / (CALLS_PER_DIALOGUE * (latencyMs / 1000));
    const ratio = achieved / limit;
    return {
      name: `batch efficiency, fake model ${latencyMs} ms, concurrency ${concurrency}, ${n} panel dialogues`,
      value: ratio.toFixed(3),
      target: latencyMs >= 1000 ? "≥ 0.95" : "reported",
      ok: latencyMs >= 1000 ? ratio >= 0.95 : undefined,
      detail: `${achieved.toFixed(1)} dialogues/s of a ${limit.toFixed(1)}/s limit (${seconds.toFixed(2)} s, ${model.calls} calls)`,
    };
  } finally {
    input.done();
  }
}

/** Wall time per panel evaluation with an instant model (one at a time), as a share of a 1 s call. */
export async function orchestrationCost(n = 300): Promise<Figure & { perEvalMs: number }> {
  const input = tempInput(n);
  try {
    await runPanel(input.file, new FakeJudgeModel(0), 1); // warm-up
    const started = performance.now();
    await runPanel(input.file, new FakeJudgeModel(0), 1);
    const perEvalMs = (performance.now() - started) / n;
    const share = perEvalMs / 1000;
    return { name: "orchestration cost per panel evaluation (instant fake model, batch runner included)", value: `${(share * 100).toFixed(2)} % of a 1 s model call (${perEvalMs.toFixed(2)} ms)`, target: "≤ 2 %", ok: share <= 0.02, perEvalMs };
  } finally {
    input.done();
  }
}

/** The panel's topology (the same nodes, the same conditional edges and routers) with nodes that do nothing. */
function emptyPanelGraph() {
  const nothing = () => ({});
  return new StateGraph({ state: PanelState, input: PanelInput })
    .addNode(READ_INPUT, nothing)
    .addNode("evaluator", nothing)
    .addNode("critic", nothing)
    .addNode("referee", nothing)
    .addNode("score", nothing)
    .addEdge(START, READ_INPUT)
    .addEdge(READ_INPUT, "evaluator")
    .addConditionalEdges("evaluator", routeAfterAgent("critic"), ["critic", "score"])
    .addConditionalEdges("critic", routeAfterAgent("referee"), ["referee", "score"])
    .addEdge("referee", "score")
    .addEdge("score", END)
    .compile();
}

async function perInvokeMs(invoke: (d: Dialogue) => Promise<unknown>, dialogues: Dialogue[], rounds: number): Promise<number> {
  for (const d of dialogues.slice(0, 20)) await invoke(d); // warm-up
  const started = performance.now();
  for (let r = 0; r < rounds; r++) for (const d of dialogues) await invoke(d);
  return (performance.now() - started) / (rounds * dialogues.length);
}

/** Offline panel throughput, and its cost per dialogue relative to an empty graph of the same shape. */
export async function offlineThroughput(n = 200): Promise<Figure> {
  const input = tempInput(n);
  try {
    const dialogues: Dialogue[] = [];
    for await (const d of readDialogues(input.file)) dialogues.push(d);
    const panel = buildPanelGraph().compile();
    const empty = emptyPanelGraph();
    const offlineMs = await perInvokeMs((dialogue) => panel.invoke({ dialogue }, { configurable: { model: "offline" } }), dialogues, 2);
    const emptyMs = await perInvokeMs((dialogue) => empty.invoke({ dialogue }), dialogues, 2);
    const ratio = offlineMs / emptyMs;
    return {
      name: "offline panel vs an empty graph of the same shape (read_input → evaluator → critic → referee → score, same routers)",
      value: `${ratio.toFixed(2)}×`,
      target: "≤ 2×",
      ok: ratio <= 2,
      detail: `offline panel ${offlineMs.toFixed(2)} ms per dialogue (${(1000 / offlineMs).toFixed(0)} dialogues/s on one thread), empty graph ${emptyMs.toFixed(2)} ms`,
    };
  } finally {
    input.done();
  }
}

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PROTOCOLS } from "../graphs/registry.js";
import { evaluateFile } from "../runs/evaluate-batch.js";
import { writeBenchDialogues } from "./dialogues.js";
import type { Figure } from "./figures.js";
import { startServer } from "./http.js";

const CALLS_PER_DIALOGUE = 2; // panel: evaluator + critic (the critic agrees, so the referee makes no call)

/**
 * `--workers`: the same HTTP path with the dialogues judged in worker processes, at a concurrency one
 * process cannot keep up with. Efficiency is measured on the whole run, worker start-up included:
 * dialogues/s achieved ÷ concurrency / (calls × latency).
 */
export async function httpWorkers(workers = 2, n = 2560, concurrency = 256, latencyMs = 1000): Promise<Figure> {
  const dir = mkdtempSync(join(tmpdir(), "tribunal-bench-workers-"));
  const file = join(dir, "dialogues.jsonl");
  writeBenchDialogues(file, n);
  const server = await startServer(latencyMs);
  const previousKey = process.env.OPENAI_API_KEY;
  process.env.OPENAI_API_KEY = "sk-bench-local";
  try {
    const configurable = { model: "openai:bench", baseUrl: server.baseUrl, maxRetries: 0, outputMode: "tools", timeoutMs: 120_000 };
    let lines = 0;
    const started = performance.now();
    await evaluateFile(file, { protocol: PROTOCOLS.panel, concurrency, workers, configurable, probe: false, write: () => void lines++ });
    const seconds = (performance.now() - started) / 1000;
    const ideal = (lines / concurrency) * CALLS_PER_DIALOGUE * (latencyMs / 1000);
    const efficiency = ideal / seconds;
    return {
      name: `batch efficiency over HTTP with ${workers} worker processes (${lines} panel dialogues, concurrency ${concurrency}, server answering after ${latencyMs} ms)`,
      value: efficiency.toFixed(3),
      target: "≥ 0.9",
      ok: efficiency >= 0.9,
      detail: `ideal ${ideal.toFixed(1)} s, took ${seconds.toFixed(1)} s, worker start-up included`,
    };
  } finally {
    if (previousKey === undefined) delete process.env.OPENAI_API_KEY;
    else process.env.OPENAI_API_KEY = previousKey;
    server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

import { PROTOCOLS } from "../graphs/registry.js";
import { evaluateFile } from "../runs/evaluate-batch.js";
import type { Figure } from "./figures.js";
import { CALLS_PER_DIALOGUE, withBenchServer } from "./http.js";

/** Batch efficiency of one run with `workers` processes: dialogues/s achieved ÷ concurrency / (calls × latency), start-up included. */
function efficiencyWith(workers: number, n: number, concurrency: number, latencyMs: number): Promise<{ efficiency: number; detail: string }> {
  return withBenchServer(n, latencyMs, async (file, configurable) => {
    let lines = 0;
    const started = performance.now();
    await evaluateFile(file, { protocol: PROTOCOLS.panel, concurrency, workers, configurable, probe: false, write: () => void lines++ });
    const seconds = (performance.now() - started) / 1000;
    const ideal = (lines / concurrency) * CALLS_PER_DIALOGUE * (latencyMs / 1000);
    return { efficiency: ideal / seconds, detail: `ideal ${ideal.toFixed(1)} s, took ${seconds.toFixed(1)} s` };
  });
}

/**
 * `--workers`: the HTTP path at a concurrency one process cannot keep up with, judged in this process
 * alone and then in `workers` worker processes, in one run (worker start-up included).
 */
export async function httpWorkers(workers = 2, n = 2560, concurrency = 256, latencyMs = 1000): Promise<Figure[]> {
  const where = `${n} panel dialogues, concurrency ${concurrency}, server answering after ${latencyMs} ms`;
  const alone = await efficiencyWith(1, n, concurrency, latencyMs);
  const split = await efficiencyWith(workers, n, concurrency, latencyMs);
  return [
    { name: `batch efficiency over HTTP in one process (${where})`, value: alone.efficiency.toFixed(3), target: "reported", ok: undefined, detail: alone.detail },
    {
      name: `batch efficiency over HTTP with ${workers} worker processes (${where})`,
      value: split.efficiency.toFixed(3),
      target: "≥ 0.9",
      ok: split.efficiency >= 0.9,
      detail: `${split.detail}; ${(split.efficiency / alone.efficiency).toFixed(2)}× one process`,
    },
  ];
}

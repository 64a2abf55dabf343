import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PROTOCOLS } from "../graphs/registry.js";
import { evaluateFile } from "../runs/evaluate-batch.js";
import { writeBenchDialogues } from "./dialogues.js";
import { engineFloorCpuMs } from "./http-floor.js";
import type { Figure } from "./figures.js";

const SERVER = fileURLToPath(new URL("./openai-server.mjs", import.meta.url));
export const CALLS_PER_DIALOGUE = 2; // panel: evaluator + critic (the critic agrees, so the referee makes no call)

/** The scripted server in its own process, and its base URL once it listens. */
export async function startServer(latencyMs: number): Promise<{ baseUrl: string; stop: () => void }> {
  const child = spawn(process.execPath, [SERVER, String(latencyMs)], { stdio: ["ignore", "pipe", "inherit"] });
  const [chunk] = (await once(child.stdout, "data")) as [Buffer];
  return { baseUrl: `http://127.0.0.1:${chunk.toString().trim()}/v1`, stop: () => child.kill() };
}

/** The run's settings for a model served by the bench server. */
type BenchConfigurable = Record<string, unknown>;

/**
 * Runs `work` with `n` bench dialogues in a temporary file and the scripted server answering after
 * `latencyMs` (an API key set for the client, then restored); cleans both up.
 */
export async function withBenchServer<T>(n: number, latencyMs: number, work: (file: string, configurable: BenchConfigurable, dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "tribunal-bench-http-"));
  const file = join(dir, "dialogues.jsonl");
  writeBenchDialogues(file, n);
  const server = await startServer(latencyMs);
  const previousKey = process.env.OPENAI_API_KEY;
  process.env.OPENAI_API_KEY = "sk-bench-local";
  try {
    return await work(file, { model: "openai:bench", baseUrl: server.baseUrl, maxRetries: 0, outputMode: "tools", timeoutMs: 120_000 }, dir);
  } finally {
    if (previousKey === undefined) delete process.env.OPENAI_API_KEY;
    else process.env.OPENAI_API_KEY = previousKey;
    server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The real HTTP path (the OpenAI client, LangChain, LangGraph, the batch runner) against a local
 * server answering after `latencyMs`: the judging process's CPU per dialogue (process.cpuUsage, the
 * server runs elsewhere) and the batch efficiency, dialogues/s achieved ÷ concurrency / (calls ×
 * latency). Tracing is off, as it is by default.
 */
export function httpPath(n = 640, concurrency = 64, latencyMs = 1000): Promise<Figure[]> {
  return withBenchServer(n, latencyMs, async (file, configurable, dir) => {
    const warmUp = join(dir, "warm-up.jsonl");
    // Warm-up on as many other dialogues (other ids, so other texts): module loading, the client's
    // first connections and JIT are not per-dialogue costs of a long run. With only `concurrency`
    // of them, about 3 ms per dialogue of compiling still fell in the measured run.
    writeBenchDialogues(warmUp, n, "w");
    await evaluateFile(warmUp, { protocol: PROTOCOLS.panel, concurrency, configurable, probe: false, write: () => undefined });
    let lines = 0;
    const cpu = process.cpuUsage();
    const started = performance.now();
    await evaluateFile(file, { protocol: PROTOCOLS.panel, concurrency, configurable, probe: false, write: () => void lines++ });
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const cpuMsPerDialogue = (used.user + used.system) / 1000 / lines;
    const ideal = (lines / concurrency) * CALLS_PER_DIALOGUE * (latencyMs / 1000);
    const efficiency = ideal / seconds;
    const where = `${lines} panel dialogues over HTTP to a local server answering after ${latencyMs} ms, concurrency ${concurrency}`;
    const floor = await engineFloorCpuMs(String(configurable.baseUrl), n, concurrency);
    return [
      { name: `CPU per panel dialogue over HTTP (${where})`, value: `${cpuMsPerDialogue.toFixed(1)} ms`, target: "≤ 8 ms", ok: cpuMsPerDialogue <= 8, detail: `${((used.user + used.system) / 1e6).toFixed(1)} s of CPU in ${seconds.toFixed(1)} s` },
      {
        name: `the engine alone over HTTP: a panel-shaped LangGraph graph whose evaluator and critic send the same two @langchain/openai requests and do nothing else (${where})`,
        value: `${floor.toFixed(1)} ms`,
        target: "none: what LangGraph and @langchain/openai cost by themselves",
        ok: undefined,
        detail: `Tribunal's panel ${(cpuMsPerDialogue / floor).toFixed(2)}× it; its own work ${(cpuMsPerDialogue - floor).toFixed(1)} ms per dialogue`,
      },
      { name: `batch efficiency over HTTP (${where})`, value: efficiency.toFixed(3), target: "≥ 0.95", ok: efficiency >= 0.95, detail: `ideal ${ideal.toFixed(1)} s, took ${seconds.toFixed(1)} s` },
    ];
  });
}

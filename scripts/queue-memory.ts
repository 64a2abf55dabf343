/**
 * Redis memory per queued dialogue (README "Many machines on a Redis queue"): enqueues N dialogues
 * (the examples/customer-service.jsonl dialogues, repeated under new ids) on a fresh queue and reads
 * `INFO memory` used_memory before and after; then judges them with an in-process worker (offline
 * judge) and reads it again, since finished jobs keep their line for a week.
 *
 *   npx tsx scripts/queue-memory.ts [--queue redis://127.0.0.1:6379] [--dialogues 1000]
 *
 * Without --queue it starts its own redis-server on a free loopback port (Debian package redis-server).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Redis } from "ioredis";
import { PROTOCOLS } from "../graphs/registry.js";
import { submitRun } from "../runs/queue/submit.js";
import { runWorker } from "../runs/queue/worker.js";

const { values } = parseArgs({ options: { queue: { type: "string" }, dialogues: { type: "string", default: "1000" } } });
const count = Number(values.dialogues);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let stopServer = async () => undefined as void;
let url = values.queue;
if (!url) {
  const port = await freePort();
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.once("error", reject);
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
      if (out.includes("Ready to accept connections")) resolve();
    });
  });
  child.stdout.resume();
  url = `redis://127.0.0.1:${port}`;
  stopServer = async () => {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
}

const usedMemory = async (redis: Redis) => Number(/used_memory:(\d+)/.exec(await redis.info("memory"))?.[1]);
const dir = mkdtempSync(join(tmpdir(), "tribunal-queue-memory-"));
try {
  const examples = readFileSync("examples/customer-service.jsonl", "utf8").split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as Record<string, unknown>);
  const lines = Array.from({ length: count }, (_, i) => JSON.stringify({ ...examples[i % examples.length], id: `dialogue-${String(i).padStart(6, "0")}` }));
  const file = join(dir, "dialogues.jsonl");
  writeFileSync(file, `${lines.join("\n")}\n`);
  const inputBytes = lines.reduce((sum, l) => sum + l.length + 1, 0);

  const redis = new Redis(url);
  const target = { url, name: `memory-${process.pid}` };
  const before = await usedMemory(redis);
  await submitRun([{ path: file, name: file }], { protocol: PROTOCOLS.panel, configurable: { model: "offline" }, probe: false }, target);
  const queued = await usedMemory(redis);
  await runWorker({ target, concurrency: 4, lockMs: 30_000, exitWhenEmpty: true, log: () => undefined });
  const judged = await usedMemory(redis);
  redis.disconnect();
  const perDialogue = (bytes: number) => Math.round(bytes / count);
  console.log(`${count} dialogues (panel, offline), input ${perDialogue(inputBytes)} bytes per dialogue as JSONL`);
  console.log(`queued:  +${((queued - before) / 1e6).toFixed(2)} MB, ${perDialogue(queued - before)} bytes per dialogue`);
  console.log(`judged:  +${((judged - before) / 1e6).toFixed(2)} MB, ${perDialogue(judged - before)} bytes per dialogue (the job keeps its dialogue and its line for ${7} days)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
  await stopServer();
}

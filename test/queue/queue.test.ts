/**
 * Many machines on a real queue: a real redis-server on a free loopback port (Debian's package,
 * installed when missing), `tribunal evaluate --queue` as the submitter, `tribunal worker` processes,
 * one of them SIGKILLed while it holds jobs. No timing is asserted: every wait is for a state.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEY_PREFIX } from "../../runs/queue/connection.js";
import { PROVIDER_AND_TRACING_ENV, ROOT, runCli, type CliRun } from "../support/cli.js";
import { deadPort } from "../support/dead-port.js";
import { startOpenAIStub, type OpenAIStub } from "../support/openai-stub.js";
import { startRedisServer, type RedisServer } from "../support/redis-server.js";

const DIALOGUES = 40;
const CRITERIA = ["TaskSuccess", "Helpfulness", "Accuracy", "Understanding", "Empathy", "Fluency"];
const KEY = { OPENAI_API_KEY: "test-key-not-secret" };

let redis: RedisServer;
let stub: OpenAIStub;
let dir: string;
let file: string;
const children: ChildProcess[] = [];

/** Strict 3.2, generous 3.5: consensus agrees in one round (2 calls per dialogue), 0.6 × 3.2 + 0.4 × 3.5 = 3.32. */
function agentAnswer(score: number) {
  return { criteria: CRITERIA.map((c) => ({ criterion_name: c, reasoning: `${c} judged`, score })), reasoning: "overall", overall_score: score };
}

/** The CLI in the background: the process, and its end. */
function spawnCli(args: readonly string[], extraEnv: Record<string, string> = {}): { child: ChildProcess; done: Promise<CliRun> } {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extraEnv };
  for (const name of PROVIDER_AND_TRACING_ENV) if (!(name in extraEnv)) delete env[name];
  const child = spawn(process.execPath, ["bin/tribunal.js", ...args], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (stderr += c.toString()));
  const done = new Promise<CliRun>((resolve) => child.once("exit", (code, signal) => resolve({ code: code ?? (signal ? -1 : 0), stdout, stderr })));
  return { child, done };
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const readLines = (path: string) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as { dialogue_id: string; overall_score: number; criteria_evaluations: { score: number }[]; meta: { config_hash: string } });

const scores = (path: string) => new Map(readLines(path).map((l) => [l.dialogue_id, { overall: l.overall_score, criteria: l.criteria_evaluations.map((c) => c.score), hash: l.meta.config_hash }]));

function queueOf(name = "tribunal") {
  const queue = new Queue(name, { connection: { url: redis.url }, prefix: KEY_PREFIX });
  queue.on("error", () => undefined);
  return queue;
}

const consensusArgs = () => ["--protocol", "consensus", "--model", "openai:gpt-4o-mini", "--base-url", stub.baseUrl, "--max-retries", "0", "--timeout", "20000", "--progress", "none"];

beforeAll(async () => {
  redis = await startRedisServer();
  // Each call waits a little, so that a worker is caught holding jobs when it is killed.
  stub = await startOpenAIStub(async (request) => {
    await new Promise((r) => setTimeout(r, 150));
    return { json: agentAnswer(request.schemaName === "strict" ? 3.2 : 3.5) };
  });
  dir = mkdtempSync(join(tmpdir(), "tribunal-queue-"));
  file = join(dir, "dialogues.jsonl");
  const lines = Array.from({ length: DIALOGUES }, (_, i) =>
    JSON.stringify({
      id: `d${String(i).padStart(3, "0")}`,
      messages: [
        { role: "user", content: `Hello, I need help with order ${1000 + i}; it has not arrived.` },
        { role: "assistant", content: `I am sorry about that. Order ${1000 + i} left our warehouse yesterday and will arrive tomorrow.` },
        { role: "user", content: "Thanks, that helps." },
      ],
    }),
  );
  writeFileSync(file, `${lines.join("\n")}\n`);
}, 600_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await stub?.close();
  await redis?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("tribunal evaluate --queue with tribunal worker processes", () => {
  it("loses nothing when a worker is SIGKILLed mid-run: the collected lines are a single-process run's, each once", async () => {
    const single = await runCli(["evaluate", file, ...consensusArgs(), "--out", join(dir, "single.jsonl")], KEY);
    expect(single.code, single.stderr).toBe(0);

    const out = join(dir, "queued.jsonl");
    const submitter = spawnCli(["evaluate", file, ...consensusArgs(), "--out", out, "--queue", redis.url], KEY);
    const queue = queueOf();
    try {
      await until("the jobs to be queued", async () => ((await queue.getJobCounts("wait", "active", "completed")).wait ?? 0) > 0 || undefined);
      const workerArgs = ["worker", "--queue", redis.url, "--concurrency", "2", "--lock-ms", "3000"];
      const doomed = spawnCli(workerArgs, KEY);
      const survivor = spawnCli(workerArgs, KEY);
      // Killed while it holds a job: that job must come back (after its lock expires) and be judged once.
      const doomedName = `${hostname()}:${doomed.child.pid}`;
      const held = await until("the first worker to take a job", async () => {
        const active = await queue.getJobs("active");
        return active.find((job) => job.processedBy === doomedName)?.id;
      });
      doomed.child.kill("SIGKILL");
      const killed = await doomed.done;
      expect(killed.code).toBe(-1);

      const submitted = await submitter.done;
      expect(submitted.code, submitted.stderr).toBe(0);
      expect(submitted.stderr).toContain(`${DIALOGUES} dialogues queued, 0 already queued or judged`);
      survivor.child.kill("SIGTERM");
      const stopped = await survivor.done;
      expect(stopped.code, stopped.stderr).toBe(0);

      const lines = readLines(out);
      const ids = lines.map((l) => l.dialogue_id);
      expect(new Set(ids).size).toBe(ids.length);
      const expected = scores(join(dir, "single.jsonl"));
      expect([...ids].sort()).toEqual([...expected.keys()].sort());
      expect(scores(out)).toEqual(expected);
      // The held job was taken again by the survivor and finished there.
      const job = await queue.getJob(held);
      expect(await job?.getState()).toBe("completed");
      expect(job?.processedBy).not.toBe(doomedName);
      expect(await queue.getJobCounts("completed", "failed")).toEqual({ completed: DIALOGUES, failed: 0 });
    } finally {
      await queue.close();
    }
  }, 300_000);

  it("judges nothing twice: a second submission of the same run queues nothing and writes the same lines", async () => {
    const before = stub.requests.length;
    const again = await runCli(["evaluate", file, ...consensusArgs(), "--out", join(dir, "again.jsonl"), "--queue", redis.url], KEY);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(`0 dialogues queued, ${DIALOGUES} already queued or judged`);
    // Only the submitter's probe reached the model.
    expect(stub.requests.length - before).toBeLessThanOrEqual(1);
    expect(scores(join(dir, "again.jsonl"))).toEqual(scores(join(dir, "single.jsonl")));
  }, 120_000);

  it("--resume keeps the lines already in the file and appends the others once", async () => {
    const partial = join(dir, "partial.jsonl");
    writeFileSync(partial, `${readFileSync(join(dir, "single.jsonl"), "utf8").split("\n").slice(0, 10).join("\n")}\n`);
    const resumed = await runCli(["evaluate", file, ...consensusArgs(), "--out", partial, "--resume", "--queue", redis.url], KEY);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain("resumed: 10 already done");
    const ids = readLines(partial).map((l) => l.dialogue_id);
    expect(ids).toHaveLength(DIALOGUES);
    expect(new Set(ids).size).toBe(DIALOGUES);
  }, 120_000);

  it("tribunal collect writes a run's lines when the submitter was killed", async () => {
    const name = "collect-test";
    const queue = queueOf(name);
    try {
      const submitter = spawnCli(["evaluate", "examples/customer-service.jsonl", "--out", join(dir, "never.jsonl"), "--queue", redis.url, "--queue-name", name, "--progress", "none"]);
      await until("the jobs to be queued", async () => (await queue.getJobCounts("wait")).wait === 6 || undefined);
      submitter.child.kill("SIGKILL");
      await submitter.done;
      const worker = await runCli(["worker", "--queue", redis.url, "--queue-name", name, "--exit-when-empty"]);
      expect(worker.code, worker.stderr).toBe(0);
      const out = join(dir, "collected.jsonl");
      const collected = await runCli(["collect", "--queue", redis.url, "--queue-name", name, "--out", out, "--progress", "none"]);
      expect(collected.code, collected.stderr).toBe(0);
      const local = await runCli(["evaluate", "examples/customer-service.jsonl"]);
      const localLines = local.stdout.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as { dialogue_id: string; meta: { config_hash: string } });
      const lines = readLines(out);
      expect(lines.map((l) => l.dialogue_id).sort()).toEqual(localLines.map((l) => l.dialogue_id).sort());
      expect(new Set(lines.map((l) => l.meta.config_hash))).toEqual(new Set(localLines.map((l) => l.meta.config_hash)));
      // Collecting again adds nothing: every dialogue already has its line.
      const twice = await runCli(["collect", "--queue", redis.url, "--queue-name", name, "--out", out, "--progress", "none"]);
      expect(twice.code, twice.stderr).toBe(0);
      expect(readLines(out)).toHaveLength(6);
    } finally {
      await queue.close();
    }
  }, 180_000);

  it("--rpm sets BullMQ's global rate limit on the queue (one dialogue per 60 000 × calls ÷ rpm ms); a run without --rpm removes it", async () => {
    const name = "rpm-test";
    const queue = queueOf(name);
    try {
      const submitter = spawnCli(["evaluate", "examples/customer-service.jsonl", "--rpm", "120", "--queue", redis.url, "--queue-name", name, "--progress", "none"]);
      const limit = await until("the rate limit", async () => (await queue.getGlobalRateLimit()) ?? undefined);
      await until("the jobs to be queued", async () => (await queue.getJobCounts("wait")).wait === 6 || undefined);
      submitter.child.kill("SIGKILL");
      const run = await submitter.done;
      const calls = Number(/\((\d+) calls? per dialogue\)/.exec(run.stderr)?.[1]);
      expect(calls).toBeGreaterThanOrEqual(1);
      expect(limit).toEqual({ max: 1, duration: Math.ceil((60_000 * calls) / 120) });
      const dry = await runCli(["evaluate", "examples/customer-service.jsonl", "--dry-run"]);
      expect(dry.stdout).toMatch(new RegExp(`calls\\s+${calls * 6}\\b`));

      const worker = spawnCli(["worker", "--queue", redis.url, "--queue-name", name, "--exit-when-empty"]);
      const unlimited = await runCli(["evaluate", "examples/customer-service.jsonl", "--queue", redis.url, "--queue-name", name, "--progress", "none"]);
      expect(unlimited.code, unlimited.stderr).toBe(0);
      expect(await queue.getGlobalRateLimit()).toBeNull();
      expect((await worker.done).code).toBe(0);
    } finally {
      await queue.close();
    }
  }, 180_000);
});

describe("queue errors", () => {
  it("an unreachable Redis is one line on stderr and exit 2, without the URL's password", async () => {
    const port = await deadPort();
    for (const args of [
      ["evaluate", "examples/customer-service.jsonl", "--queue", `redis://:hunter2-password@127.0.0.1:${port}`],
      ["worker", "--queue", `redis://:hunter2-password@127.0.0.1:${port}`],
      ["collect", "--queue", `redis://:hunter2-password@127.0.0.1:${port}`],
    ]) {
      const run = await runCli(args);
      expect(run.code).toBe(2);
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
      expect(run.stderr).toContain("cannot use the Redis at redis://:***@127.0.0.1");
      expect(run.stderr).not.toContain("hunter2");
    }
  }, 120_000);

  it("refuses a URL that is not redis://, and --budget with --queue, saying why", async () => {
    const http = await runCli(["evaluate", "examples/customer-service.jsonl", "--queue", "http://127.0.0.1:6379"]);
    expect(http.code).toBe(2);
    expect(http.stderr).toContain("--queue needs a redis:// or rediss:// URL");
    const budget = await runCli(["evaluate", "examples/customer-service.jsonl", "--queue", redis.url, "--budget", "1"]);
    expect(budget.code).toBe(2);
    expect(budget.stderr).toContain("--budget cannot be combined with --queue");
  }, 60_000);
});

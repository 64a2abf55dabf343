/**
 * `tribunal evaluate --workers N`: the dialogues are judged in N processes, and the run reads as one:
 * the same lines as a single process, --resume, one --rpm gate for every worker, and a run stopped
 * by a worker's circuit breaker.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { PROVIDER_AND_TRACING_ENV } from "../support/cli.js";
import { startOpenAIStub, type OpenAIStub } from "../support/openai-stub.js";
import { ussFile } from "../support/uss-data.js";
import { dialogueOf, panelAnswer, writeDialogues } from "../faults/helpers.js";
import { expectNoStackTrace, ROOT, runCli } from "./helpers.js";

const dir = mkdtempSync(join(tmpdir(), "tribunal-cli-workers-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let stub: OpenAIStub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

type Line = { dialogue_id: string; status?: string; meta: Record<string, unknown> & { status: string } };
const linesOf = (path: string): Line[] =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Line);

/** A line without what differs from run to run (time taken), keyed and sorted by id. */
const comparable = (lines: Line[]) =>
  lines
    .map(({ meta: { latency_ms: _latency, ...meta }, ...rest }) => ({ ...rest, meta }))
    .sort((a, b) => String(a.dialogue_id).localeCompare(String(b.dialogue_id)));

/** The processes whose parent is `pid`, from /proc (field 4 of /proc/<pid>/stat, after the command in parentheses). */
function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** The first `n` dialogues of a USS file, as the file has them. */
function ussHead(name: string, n: number): string {
  const blocks = readFileSync(ussFile(name), "utf8").split(/\n\s*\n/).filter((b) => b.trim() !== "");
  const path = join(dir, `${name}-${n}.txt`);
  writeFileSync(path, `${blocks.slice(0, n).join("\n\n")}\n`);
  return path;
}

describe("--workers", { timeout: 180_000 }, () => {
  it("gives exactly the lines one process gives, each dialogue once, on the offline judge", async () => {
    const input = ussHead("MWOZ.txt", 40);
    const single = join(dir, "single.jsonl");
    const split = join(dir, "split.jsonl");
    const one = await runCli(["evaluate", input, "--workers", "1", "--concurrency", "8", "--out", single]);
    expect(one.code, one.stderr).toBe(0);
    const two = await runCli(["evaluate", input, "--workers", "2", "--concurrency", "8", "--out", split, "--summary-json", join(dir, "split-summary.json")]);
    expectNoStackTrace(two);
    expect(two.code, two.stderr).toBe(0);
    expect(linesOf(split)).toHaveLength(40);
    expect(comparable(linesOf(split))).toEqual(comparable(linesOf(single)));
    const summary = JSON.parse(readFileSync(join(dir, "split-summary.json"), "utf8")) as { total: number; scored: number; judged: number };
    expect(summary).toMatchObject({ total: 40, judged: 40, scored: 40 });
  });

  it("resumes across workers: only the dialogues the file lacks are judged, and each line is written once", async () => {
    const input = writeDialogues(dir, "resume.jsonl", 12);
    const out = join(dir, "resume-results.jsonl");
    let down = true;
    stub = await startOpenAIStub((request) => (down && ["d0002", "d0007"].includes(dialogueOf(request)) ? { status: 500 } : { json: panelAnswer(request) }));
    const s = stub;
    const args = ["evaluate", input, "--workers", "2", "--model", "openai:gpt-4o-mini", "--base-url", s.baseUrl, "--max-retries", "0", "--on-failure", "unscored", "--no-probe", "--out", out];

    const first = await runCli(args, { OPENAI_API_KEY: "sk-test-workers" });
    expect(first.code, first.stderr).toBe(1);
    expect(linesOf(out).filter((l) => l.status === "unscored").map((l) => l.dialogue_id).sort()).toEqual(["d0002", "d0007"]);

    down = false;
    const before = s.requests.length;
    const second = await runCli([...args, "--resume"], { OPENAI_API_KEY: "sk-test-workers" });
    expectNoStackTrace(second);
    expect(second.code, second.stderr).toBe(0);
    expect([...new Set(s.requests.slice(before).map(dialogueOf))].sort()).toEqual(["d0002", "d0007"]);
    const lines = linesOf(out);
    expect(lines.map((l) => l.dialogue_id).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `d${String(i).padStart(4, "0")}`));
    expect(lines.every((l) => l.meta.status === "scored")).toBe(true);
    expect(second.stdout + second.stderr).not.toContain("sk-test-workers");
  });

  it("holds --rpm across every worker: one gate for the run, not one per process", async () => {
    const input = writeDialogues(dir, "rpm.jsonl", 8);
    const arrivals: number[] = [];
    stub = await startOpenAIStub((request) => {
      arrivals.push(performance.now());
      return { json: panelAnswer(request) };
    });
    const s = stub;
    // 300 requests a minute: one every 200 ms for the whole run. 8 panel dialogues make 16 calls.
    const run = await runCli(["evaluate", input, "--workers", "2", "--concurrency", "8", "--rpm", "300", "--model", "openai:gpt-4o-mini", "--base-url", s.baseUrl, "--no-probe", "--format", "jsonl"], { OPENAI_API_KEY: "sk-test" });
    expect(run.code, run.stderr).toBe(0);
    expect(arrivals).toHaveLength(16);
    // 15 gaps of 200 ms granted (3 s); a gate per worker would let two calls through every 200 ms
    // (≈ 1.4 s). Only a lower bound, less what a worker's first call may lag behind its grant.
    expect((arrivals.at(-1) as number) - (arrivals[0] as number)).toBeGreaterThanOrEqual(2_200);
  });

  it("stops the run with exit 2 when a worker's calls keep failing the same way, lines kept", async () => {
    const input = writeDialogues(dir, "breaker.jsonl", 30);
    stub = await startOpenAIStub(() => ({ status: 400, errorBody: { error: { message: "context length exceeded", type: "invalid_request_error" } } }));
    const out = join(dir, "breaker-results.jsonl");
    const run = await runCli(
      ["evaluate", input, "--workers", "2", "--concurrency", "2", "--model", "openai:gpt-4o-mini", "--base-url", stub.baseUrl, "--max-retries", "0", "--on-failure", "unscored", "--no-probe", "--max-consecutive-failures", "3", "--out", out],
      { OPENAI_API_KEY: "sk-test" },
    );
    expectNoStackTrace(run);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toMatch(/stopped after 3 calls in a row failed the same way \(.*HTTP 400: context length exceeded\)/);
    expect(linesOf(out).length).toBeLessThan(30);
  });

  it("a worker killed mid-run stops the run with its reason; the lines written are kept and --resume finishes with each dialogue once", async () => {
    const input = writeDialogues(dir, "killed.jsonl", 40);
    const out = join(dir, "killed-results.jsonl");
    stub = await startOpenAIStub((request) => ({ json: panelAnswer(request), hangMs: 300 }));
    const args = ["evaluate", input, "--workers", "2", "--concurrency", "4", "--model", "openai:gpt-4o-mini", "--base-url", stub.baseUrl, "--no-probe", "--out", out];
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of PROVIDER_AND_TRACING_ENV) delete env[name];
    env.OPENAI_API_KEY = "sk-test";
    const run = spawn(process.execPath, ["bin/tribunal.js", ...args], { cwd: ROOT, env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    run.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => run.once("exit", resolve));
    // Once lines are being written, kill one of the run's worker processes.
    await expect.poll(() => (existsSync(out) ? linesOf(out).length : 0), { timeout: 60_000, interval: 100 }).toBeGreaterThan(2);
    const workers = childrenOf(run.pid as number);
    expect(workers).toHaveLength(2);
    process.kill(workers[0] as number, "SIGKILL");
    expect(await exited).toBe(2);
    expect(stderr).toMatch(/a worker process stopped \(SIGKILL\) with \d+ dialogue\(s\) in flight; the lines written so far are kept: rerun with --resume/);
    const kept = linesOf(out);
    expect(kept.length).toBeLessThan(40);
    expect(new Set(kept.map((l) => l.dialogue_id)).size).toBe(kept.length);

    const resumed = await runCli([...args, "--resume"], { OPENAI_API_KEY: "sk-test" });
    expect(resumed.code, resumed.stderr).toBe(0);
    const all = linesOf(out);
    expect(all.map((l) => l.dialogue_id).sort()).toEqual(Array.from({ length: 40 }, (_, i) => `d${String(i).padStart(4, "0")}`));
    expect(all.slice(0, kept.length)).toEqual(kept);
  });

  it("refuses a bad count before judging", async () => {
    const run = await runCli(["evaluate", "examples/customer-service.jsonl", "--workers", "0"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--workers must be a whole number ≥ 1");
  });
});

/**
 * `kill -9` at three random points, then `--resume`: the final file holds exactly one whole line per
 * dialogue, the same id set as an uninterrupted run. A torn last line (a write cut short) is dropped
 * and the dialogue judged again.
 */
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOpenAIStub, type OpenAIStub } from "../support/openai-stub.js";
import { runCliToEnd, startCli } from "./child.js";
import { panelAnswer, writeDialogues } from "./helpers.js";

const N = 200;
const IDS = Array.from({ length: N }, (_, i) => `d${String(i).padStart(4, "0")}`);

function wholeLines(path: string): { ids: string[]; torn: boolean } {
  if (!existsSync(path)) return { ids: [], torn: false };
  const text = readFileSync(path, "utf8");
  const parts = text.split("\n");
  const tail = parts.pop() ?? "";
  return { ids: parts.map((l) => (JSON.parse(l) as { dialogue_id: string }).dialogue_id), torn: tail !== "" };
}

function countNewlines(path: string): number {
  if (!existsSync(path)) return 0;
  const bytes = readFileSync(path);
  let n = 0;
  for (const b of bytes) if (b === 0x0a) n++;
  return n;
}

describe("SIGKILL at three random points, then --resume", () => {
  const dir = mkdtempSync(join(tmpdir(), "tribunal-kill-"));
  const key = `sk-test-${Math.random().toString(36).slice(2)}`;
  let stub: OpenAIStub;
  let input: string;
  const args = (out: string, resume: boolean) => [
    "evaluate",
    input,
    "--model",
    "openai:gpt-4o-mini",
    "--base-url",
    stub.baseUrl,
    "--out",
    out,
    ...(resume ? ["--resume"] : []),
    "--concurrency",
    "6",
    "--max-retries",
    "0",
    "--timeout",
    "20000",
    "--progress",
    "none",
  ];
  beforeAll(async () => {
    // 15 ms per answer, so a run lasts long enough to be killed at chosen points.
    stub = await startOpenAIStub((request) => ({ json: panelAnswer(request), hangMs: 15 }));
    input = writeDialogues(dir, "kill.jsonl", N);
  });
  afterAll(async () => {
    await stub.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("the final file equals an uninterrupted run's set of dialogue ids, one line each", { timeout: 120_000 }, async () => {
    const out = join(dir, "killed.jsonl");
    // Three kill points, each a random number of lines further than the previous one.
    const targets = [0.15, 0.45, 0.75].map((at) => Math.floor(N * (at + Math.random() * 0.1)));
    for (const [i, target] of targets.entries()) {
      const child = startCli(args(out, i > 0), { OPENAI_API_KEY: key });
      for (;;) {
        const lines = countNewlines(out);
        if (lines >= target) break;
        const settled = await Promise.race([child.exited.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 5))]);
        if (settled) throw new Error(`the run ended before line ${target}: ${(await child.exited).stderr}`);
      }
      // A few more random milliseconds, so the kill can land anywhere, a write included.
      await new Promise((r) => setTimeout(r, Math.random() * 20));
      child.process.kill("SIGKILL");
      const end = await child.exited;
      expect(end.signal).toBe("SIGKILL");
      const { ids } = wholeLines(out);
      expect(new Set(ids).size, `after kill ${i + 1}`).toBe(ids.length);
      expect(ids.length).toBeGreaterThanOrEqual(target);
      expect(ids.length).toBeLessThan(N);
    }
    const resumed = await runCliToEnd(args(out, true), { OPENAI_API_KEY: key });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/resumed: \d+ already done/);

    const full = join(dir, "uninterrupted.jsonl");
    const uninterrupted = await runCliToEnd(args(full, false), { OPENAI_API_KEY: key });
    expect(uninterrupted.code, uninterrupted.stderr).toBe(0);

    const final = wholeLines(out);
    expect(final.torn).toBe(false);
    expect(final.ids).toHaveLength(N);
    expect(new Set(final.ids)).toEqual(new Set(wholeLines(full).ids));
    expect([...final.ids].sort()).toEqual(IDS);
    expect(readFileSync(out, "utf8")).not.toContain(key);
  });

  it("a torn last line is dropped and its dialogue judged again", { timeout: 60_000 }, async () => {
    const out = join(dir, "torn.jsonl");
    const all = writeDialogues(dir, "torn-all.jsonl", 60);
    const withArgs = (file: string, resume: boolean) => [args(out, resume)[0] as string, file, ...args(out, resume).slice(2)];
    const first = await runCliToEnd(withArgs(writeDialogues(dir, "torn-first.jsonl", 40), false), { OPENAI_API_KEY: key });
    expect(first.code, first.stderr).toBe(0);
    // The write of d0050's line was cut short by a kill.
    appendFileSync(out, '{"dialogue_id":"d0050","evaluator":{"TaskSucc');
    expect(wholeLines(out)).toMatchObject({ torn: true });
    const resumed = await runCliToEnd(withArgs(all, true), { OPENAI_API_KEY: key });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/^tribunal: 20\/20 scored, .*resumed: 40 already done/);
    const final = wholeLines(out);
    expect(final.torn).toBe(false);
    expect([...final.ids].sort()).toEqual(IDS.slice(0, 60));
    expect(readFileSync(out, "utf8")).not.toContain('"TaskSucc{');
  });
});

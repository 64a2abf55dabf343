/**
 * `tribunal evaluate --resume` after an outage, against a local OpenAI-compatible stub: the unscored
 * dialogues (and with `--retry-fallbacks` the ones that fell back to the offline judge) are judged
 * again, the scored ones are not, and `--out` ends with exactly one line per dialogue.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { startOpenAIStub, type OpenAIStub, type StubRequest } from "../support/openai-stub.js";
import { dialogueOf, panelAnswer, writeDialogues } from "../faults/helpers.js";
import { expectNoStackTrace, runCli } from "./helpers.js";

const dir = mkdtempSync(join(tmpdir(), "tribunal-cli-resume-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let stub: OpenAIStub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

type Line = { dialogue_id: string; status?: string; error?: { kind: string }; meta: { status: string; fallbacks: { agent: string }[] } };
const linesOf = (path: string) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Line);

/** A stub that answers well, except `fail(request)` gets an HTTP 500; `down` is switched by the test. */
async function outageStub(fail: (r: StubRequest) => boolean) {
  const s = await startOpenAIStub((request) => (fail(request) ? { status: 500 } : { json: panelAnswer(request) }));
  stub = s;
  return s;
}

const judged = (s: OpenAIStub, from = 0) => [...new Set(s.requests.slice(from).map(dialogueOf).filter((d) => d !== "?"))].sort();

describe("--resume after an outage", () => {
  it("judges the unscored dialogues again, and only them; --out ends with one line per dialogue", async () => {
    const input = writeDialogues(dir, "outage.jsonl", 4);
    const out = join(dir, "outage-results.jsonl");
    let down = true;
    const s = await outageStub((r) => down && ["d0001", "d0003"].includes(dialogueOf(r)));
    const args = ["evaluate", input, "--model", "openai:gpt-4o-mini", "--base-url", s.baseUrl, "--max-retries", "0", "--timeout", "10000", "--on-failure", "unscored", "--out", out];

    const first = await runCli(args);
    expectNoStackTrace(first);
    expect(first.code, first.stderr).toBe(1);
    expect(linesOf(out).filter((l) => l.status === "unscored").map((l) => l.dialogue_id).sort()).toEqual(["d0001", "d0003"]);

    down = false;
    const before = s.requests.length;
    const second = await runCli([...args, "--resume"]);
    expectNoStackTrace(second);
    expect(second.code, second.stderr).toBe(0);
    expect(judged(s, before)).toEqual(["d0001", "d0003"]);
    expect(second.stderr).toContain(`resuming ${out}: 2 lines kept; judging again 2 unscored (their old lines removed)`);
    const lines = linesOf(out);
    expect(lines.map((l) => l.dialogue_id).sort()).toEqual(["d0000", "d0001", "d0002", "d0003"]);
    expect(lines.every((l) => l.meta.status === "scored")).toBe(true);

    const again = s.requests.length;
    const third = await runCli([...args, "--resume"]);
    expect(third.code, third.stderr).toBe(0);
    expect(judged(s, again)).toEqual([]);
    expect(linesOf(out)).toHaveLength(4);
  });

  it("--retry-fallbacks also judges again the dialogues where an agent fell back to the offline judge", async () => {
    const input = writeDialogues(dir, "fallback.jsonl", 3);
    const out = join(dir, "fallback-results.jsonl");
    let down = true;
    const s = await outageStub((r) => down && dialogueOf(r) === "d0002" && r.schemaName === "critic");
    const args = ["evaluate", input, "--model", "openai:gpt-4o-mini", "--base-url", s.baseUrl, "--max-retries", "0", "--timeout", "10000", "--out", out];

    await runCli(args);
    expect(linesOf(out).find((l) => l.dialogue_id === "d0002")?.meta.fallbacks.map((f) => f.agent)).toEqual(["critic"]);

    down = false;
    let before = s.requests.length;
    const plain = await runCli([...args, "--resume"]);
    expect(plain.code, plain.stderr).not.toBe(2);
    expect(judged(s, before)).toEqual([]);

    before = s.requests.length;
    const retry = await runCli([...args, "--resume", "--retry-fallbacks"]);
    expectNoStackTrace(retry);
    expect(retry.code, retry.stderr).toBe(0);
    expect(judged(s, before)).toEqual(["d0002"]);
    expect(retry.stderr).toContain("judging again 1 with an offline fallback");
    const lines = linesOf(out);
    expect(lines.map((l) => l.dialogue_id).sort()).toEqual(["d0000", "d0001", "d0002"]);
    expect(lines.every((l) => l.meta.status === "scored" && l.meta.fallbacks.length === 0)).toBe(true);
  });

  it("--retry-fallbacks without --resume is a usage error (exit 2)", async () => {
    const input = writeDialogues(dir, "usage.jsonl", 1);
    const run = await runCli(["evaluate", input, "--out", join(dir, "usage-results.jsonl"), "--retry-fallbacks"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--retry-fallbacks needs --resume/);
  });
});

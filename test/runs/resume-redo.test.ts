/**
 * `--resume` judges again the lines that are `unscored` (and with `--retry-fallbacks` those where an
 * agent fell back to the offline judge): their old lines leave the file first, atomically, so the
 * file ends with exactly one line per dialogue.
 */
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatResumePlan, idKey, prepareResume, rewriteWithout, scanResults } from "../../runs/resume.js";
import { runBatch, writeDialogues } from "../faults/helpers.js";

const dir = mkdtempSync(join(tmpdir(), "tribunal-resume-redo-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const EXPECTED = { hash: "abc", protocol: "panel", rubric: "customer-service", model: "offline" };
const meta = (extra: Record<string, unknown> = {}) => ({ config_hash: "abc", protocol: "panel", rubric: "customer-service", model: "offline", status: "scored", fallbacks: [], ...extra });
const scored = (id: string) => `${JSON.stringify({ dialogue_id: id, meta: meta() })}\n`;
const unscored = (id: string) => `${JSON.stringify({ dialogue_id: id, status: "unscored", error: { agent: "evaluator", kind: "timeout", message: "timed out" }, meta: meta({ status: "unscored" }) })}\n`;
const fellBack = (id: string) => `${JSON.stringify({ dialogue_id: id, meta: meta({ fallbacks: [{ agent: "critic", kind: "server_error", message: "HTTP 500" }] }) })}\n`;
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const ids = (...list: string[]) => new Set(list.map(idKey));

describe("scanResults", () => {
  it("keeps scored lines and marks unscored ones to judge again; fallbacks only with retryFallbacks", async () => {
    const path = file("mixed.jsonl", scored("a") + unscored("b") + fellBack("c"));
    const plain = await scanResults(path, EXPECTED);
    expect([...plain.done].sort()).toEqual([idKey("a"), idKey("c")]);
    expect([...plain.redo]).toEqual([[idKey("b"), { line: 2, why: "unscored" }]]);
    const retry = await scanResults(path, EXPECTED, { retryFallbacks: true });
    expect([...retry.done]).toEqual([idKey("a")]);
    expect([...retry.redo]).toEqual([
      [idKey("b"), { line: 2, why: "unscored" }],
      [idKey("c"), { line: 3, why: "fallback" }],
    ]);
  });

  it("still refuses an unscored line from another configuration", async () => {
    const other = `${JSON.stringify({ dialogue_id: "b", status: "unscored", meta: meta({ config_hash: "zzz", status: "unscored" }) })}\n`;
    await expect(scanResults(file("other.jsonl", scored("a") + other), EXPECTED)).rejects.toThrow(/line 2 was written by another configuration/);
  });
});

describe("rewriteWithout", () => {
  it("drops the numbered lines and a torn last line, byte for byte otherwise, leaving no temporary file", async () => {
    const kept = scored("a") + scored("é-ü");
    const path = file("rewrite.jsonl", scored("a") + unscored("b") + scored("é-ü") + '{"dialogue_id":"c","me');
    await rewriteWithout(path, new Set([2]));
    expect(readFileSync(path, "utf8")).toBe(kept);
    expect(readdirSync(dir).filter((f) => f.includes(".resume-"))).toEqual([]);
  });
});

describe("prepareResume", () => {
  it("removes the lines of input dialogues to judge again, keeps lines of dialogues not in the input", async () => {
    const path = file("prepare.jsonl", scored("a") + unscored("b") + unscored("gone") + fellBack("c"));
    const { done, plan } = await prepareResume(path, EXPECTED, ids("a", "b", "c"), { retryFallbacks: true });
    expect([...done]).toEqual([idKey("a")]);
    expect(plan).toEqual({ kept: 1, redo: { unscored: 1, fallback: 1 }, tornDropped: false });
    expect(readFileSync(path, "utf8")).toBe(scored("a") + unscored("gone"));
    expect(formatResumePlan(plan, "prepare.jsonl")).toBe("tribunal: resuming prepare.jsonl: 1 line kept; judging again 1 unscored, 1 with an offline fallback (their old lines removed)");
  });

  it("only cuts a torn last line when nothing is judged again", async () => {
    const path = file("torn.jsonl", `${scored("a")}{"dialogue_id":"b"`);
    const { plan } = await prepareResume(path, EXPECTED, ids("a", "b"));
    expect(plan).toEqual({ kept: 1, redo: { unscored: 0, fallback: 0 }, tornDropped: true });
    expect(readFileSync(path, "utf8")).toBe(scored("a"));
  });
});

describe("evaluateFile with resumeFrom", () => {
  /** The lines of a results file, by dialogue id. */
  const linesOf = (path: string) =>
    readFileSync(path, "utf8")
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => JSON.parse(l) as { dialogue_id: string; status?: string; meta: { status: string; fallbacks: unknown[] } });

  it("judges the unscored dialogues again and ends with one line per dialogue; --retry-fallbacks adds the fallen-back ones", async () => {
    const input = writeDialogues(dir, "input.jsonl", 4);
    const out = join(dir, "results.jsonl");
    const first = await runBatch(input, "panel", { configurable: { model: "offline" } });
    // d0001 was left unscored and d0002 fell back in that run (same configuration, so same hash).
    const edited = first.lines
      .sort((a, b) => String(a.dialogue_id).localeCompare(String(b.dialogue_id)))
      .map((line) => {
        if (line.dialogue_id === "d0001") return { dialogue_id: line.dialogue_id, status: "unscored", error: { agent: "evaluator", kind: "timeout", message: "timed out" }, meta: { ...line.meta, status: "unscored" } };
        if (line.dialogue_id === "d0002") return { ...line, meta: { ...line.meta, fallbacks: [{ agent: "critic", kind: "server_error", message: "HTTP 500" }] } };
        return line;
      });
    writeFileSync(out, edited.map((l) => `${JSON.stringify(l)}\n`).join(""));

    const plans: unknown[] = [];
    const second = await runBatch(input, "panel", { configurable: { model: "offline" }, resumeFrom: out, onResume: (p) => plans.push(p) });
    expect(plans).toEqual([{ kept: 3, redo: { unscored: 1, fallback: 0 }, tornDropped: false }]);
    expect(second.summary).toMatchObject({ inputs: 4, skipped: 3, total: 1, judged: 1, scored: 1 });
    expect(second.lines.map((l) => l.dialogue_id)).toEqual(["d0001"]);
    appendFileSync(out, second.raw.join(""));
    let lines = linesOf(out);
    expect(lines.map((l) => l.dialogue_id).sort()).toEqual(["d0000", "d0001", "d0002", "d0003"]);
    expect(lines.every((l) => l.meta.status === "scored")).toBe(true);

    const third = await runBatch(input, "panel", { configurable: { model: "offline" }, resumeFrom: out, retryFallbacks: true });
    expect(third.lines.map((l) => l.dialogue_id)).toEqual(["d0002"]);
    appendFileSync(out, third.raw.join(""));
    lines = linesOf(out);
    expect(lines.map((l) => l.dialogue_id).sort()).toEqual(["d0000", "d0001", "d0002", "d0003"]);
    expect(lines.every((l) => l.meta.fallbacks.length === 0)).toBe(true);

    const fourth = await runBatch(input, "panel", { configurable: { model: "offline" }, resumeFrom: out, retryFallbacks: true });
    expect(fourth.summary).toMatchObject({ skipped: 4, total: 0, judged: 0 });
  });
});

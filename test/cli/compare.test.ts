/**
 * `tribunal compare a b` end to end with the offline judge, on two small versions of a bot. By hand:
 * refund (A solves it, B asks the same question twice), address (A does it, B refuses) → A; parcel
 * (A stalls, B solves it) → B; hours (the same dialogue in both) → tie. A 2, tie 1, B 1: win rate of A
 * (1 + 1 + ½ + 0) / 4 = 0.625. "gift" is only in A's file, "returns" only in B's.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runInProcess } from "../agree/run-cli.js";
import { expectNoStackTrace, runCli, stderrLines } from "./helpers.js";

const V1 = "test/pairwise/fixtures/bot-v1.jsonl";
const V2 = "test/pairwise/fixtures/bot-v2.jsonl";
const WINNERS = { refund: "A", parcel: "B", hours: "tie", address: "A" };

const dir = mkdtempSync(join(tmpdir(), "tribunal-compare-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const readLines = (path: string) => readFileSync(path, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, any>);
const winners = (lines: readonly Record<string, any>[]) => Object.fromEntries(lines.map((l) => [l.dialogue_id, l.winner]));

describe("tribunal compare (offline)", () => {
  it("prints A's wins, ties and losses, the win rate with its interval, the consistent share and the criteria table; --out has one line per pair", async () => {
    const out = join(dir, "v1-vs-v2.jsonl");
    const pairs = join(dir, "pairs.jsonl");
    const run = await runCli(["compare", V1, V2, "--out", out, "--pairs-out", pairs, "--resamples", "200"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`A: ${V1}\nB: ${V2}\n4 pairs joined by dialogue id; not compared: 1 only in A ("gift"), 1 only in B ("returns")`);
    expect(run.stdout).toContain("pairs: 4 judged\nA wins 2 (50.0 %) · ties 1 (25.0 %; 0 for position bias) · B wins 1 (25.0 %)");
    expect(run.stdout).toMatch(/win rate of A \(ties count ½\): 0\.625 \[\d\.\d{3}–\d\.\d{3}\] \(95 % bootstrap interval\)/);
    expect(run.stdout).toContain("position consistent: 4 of 4 (100.0 %)");
    expect(run.stdout).toMatch(/^TaskSuccess\s+2\s+1\s+1\s+0\.625 /m);
    expect(stderrLines(run)[0]).toBe(`tribunal: 4 pairs joined by dialogue id; not compared: 1 only in ${V1} ("gift"), 1 only in ${V2} ("returns")`);
    expect(run.stderr).toMatch(/4\/4 scored, 0 with offline fallback, 0 unscored/);
    const lines = readLines(out);
    expect(winners(lines)).toEqual(WINNERS);
    expect(lines.every((l) => l.meta.protocol === "pairwise" && l.position_consistent === true)).toBe(true);
    expect(lines.find((l) => l.dialogue_id === "refund")?.pair).toEqual({ a: "refund", b: "refund" });
    // The file judged: both sides of each pair, and no human rating (v1's refund and v2's refund carry some).
    const judged = readFileSync(pairs, "utf8");
    expect(judged.trim().split("\n")).toHaveLength(4);
    expect(judged).not.toMatch(/ratings/i);
  }, 60_000);

  it("--json prints the comparison and the join as one object", async () => {
    const run = await runCli(["compare", V1, V2, "--json", "--resamples", "100", "--progress", "none"]);
    expect(run.code, run.stderr).toBe(0);
    const s = JSON.parse(run.stdout);
    expect(s).toMatchObject({ a: V1, b: V2, join: { pairs: 4, onlyA: ["gift"], onlyB: ["returns"] }, lines: 4, scored: 4, outcomes: { A: 2, tie: 1, B: 1 }, positionBiasTies: 0, positionConsistent: { count: 4, share: 1 } });
    expect(s.winRateA).toMatchObject({ value: 0.625, n: 4, resamples: 100 });
    expect(s.criteria).toHaveLength(6);
  }, 60_000);

  it("--resume judges only the pairs --out lacks, and the comparison still covers every pair", async () => {
    const out = join(dir, "resumed.jsonl");
    const first = await runInProcess(["compare", V1, V2, "--out", out, "--json", "--resamples", "0", "--progress", "none"]);
    expect(first.code, first.stderr).toBe(0);
    // The scratch pairs file is gone after the run: each line names the two files the pair came from.
    expect(readLines(out).map((l) => l.meta.source.file)).toEqual(Array(4).fill(`pairs of ${V1} and ${V2}`));
    const kept = readFileSync(out, "utf8").trim().split("\n");
    writeFileSync(out, `${kept.filter((l) => !l.includes('"dialogue_id":"parcel"')).join("\n")}\n`);
    const again = await runInProcess(["compare", V1, V2, "--out", out, "--resume", "--json", "--resamples", "0", "--progress", "none"]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/resumed: 3 already done/);
    expect(JSON.parse(again.stdout).outcomes).toEqual({ A: 2, tie: 1, B: 1 });
    expect(winners(readLines(out))).toEqual(WINNERS);
  }, 60_000);
});

describe("tribunal compare: bad input (exit 2, one line, no stack trace)", () => {
  const bad = async (args: string[], message: RegExp) => {
    const run = await runInProcess(["compare", ...args, "--progress", "none"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(stderrLines(run)).toHaveLength(1);
    expect(run.stderr).toMatch(message);
    expectNoStackTrace(run);
  };

  it("a missing file", async () => {
    await bad([V1, join(dir, "nope.jsonl")], /^tribunal: .*nope\.jsonl:0: expected an existing readable file, got "ENOENT"/);
  });

  it("result lines instead of dialogues", async () => {
    const results = join(dir, "results.jsonl");
    writeFileSync(results, `${JSON.stringify({ dialogue_id: "refund", referee_final: {}, meta: { protocol: "panel" } })}\n`);
    await bad([results, V2], /^tribunal: .*results\.jsonl:1: expected a dialogue file: this is a result line of tribunal evaluate, and compare judges the dialogues themselves/);
  });

  it("no id in common", async () => {
    const other = join(dir, "other.jsonl");
    writeFileSync(other, `${JSON.stringify({ id: "elsewhere", messages: [{ role: "user", content: "Hi" }, { role: "assistant", content: "Hello." }] })}\n`);
    await bad([V1, other], /^tribunal: .*bot-v1\.jsonl and .*other\.jsonl share no dialogue id, so there is nothing to compare/);
  });

  it("--resume without --out, before reading anything", async () => {
    await bad([V1, V2, "--resume"], /^tribunal: --resume needs --out <results\.jsonl>/);
  });
});

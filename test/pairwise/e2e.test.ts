/** A pairs file judged offline end to end: through the library (index.ts) and through `tribunal evaluate --protocol pairwise`. */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { evaluateDialogue, evaluateMany, pairDialogue, readPairs, summariseComparison, type JudgeResult } from "../../index.js";
import { runCli } from "../support/cli.js";
import { BAD, GOOD } from "./helpers.js";

const FIXTURE = "test/pairwise/fixtures/pairs.jsonl";
/** The fixture's pairs: the solving reply is A in `refund` and `parcel`, B in `refund-swapped`. */
const WINNERS = { refund: "A", "refund-swapped": "B", parcel: "A" };

const byId = (lines: readonly Record<string, any>[]) => Object.fromEntries(lines.map((l) => [String(l.dialogue_id), l]));

describe("the library", () => {
  it("evaluateMany(readPairs(file), { protocol: 'pairwise' }) judges every pair offline; the better side wins whatever its place", async () => {
    const lines: JudgeResult[] = [];
    for await (const line of evaluateMany(readPairs(FIXTURE), { protocol: "pairwise", concurrency: 2 })) lines.push(line);
    const results = byId(lines);
    expect(Object.fromEntries(Object.entries(results).map(([id, l]) => [id, l.winner]))).toEqual(WINNERS);
    for (const l of lines) {
      expect(l.meta).toMatchObject({ protocol: "pairwise", rubric: "customer-service", model: "offline", status: "scored", calls: 2 });
      expect(l.meta.config_hash).toMatch(/^[0-9a-f]{16}$/);
    }
    expect(results["refund"]?.pair).toEqual({ a: "refund-v1", b: "refund-v2" });
    expect(results["parcel"]?.pair).toEqual({ a: "parcel-v1", b: "parcel.b" });
  });

  it("evaluateDialogue(pairDialogue(id, a, b), { protocol: 'pairwise' }) gives one line", async () => {
    const line = await evaluateDialogue(pairDialogue("one", BAD, GOOD), { protocol: "pairwise" });
    expect(line).toMatchObject({ dialogue_id: "one", winner: "B", preference_a: 0, position_consistent: true, meta: { protocol: "pairwise", status: "scored" } });
  });
});

describe("tribunal evaluate pairs.jsonl --protocol pairwise", () => {
  const dir = mkdtempSync(join(tmpdir(), "tribunal-pairwise-cli-"));

  it("writes one line per pair (exit 0), which the comparison summary reads: A 2, B 1", async () => {
    const out = join(dir, "pw.jsonl");
    const run = await runCli(["evaluate", FIXTURE, "--protocol", "pairwise", "--out", out]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/3\/3 scored, 0 with offline fallback, 0 unscored/);
    const lines = readFileSync(out, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, any>);
    expect(Object.fromEntries(lines.map((l) => [l.dialogue_id, l.winner]))).toEqual(WINNERS);
    const summary = summariseComparison(lines, { resamples: 200 });
    expect(summary.outcomes).toEqual({ A: 2, tie: 0, B: 1 });
    expect(summary.winRateA.value).toBeCloseTo(2 / 3, 12);
  }, 60_000);

  it("refuses a file of single dialogues with exit 2, naming file, line and the pair form", async () => {
    const run = await runCli(["evaluate", "test/agree/fixtures/labelled-uss.tsv", "--protocol", "pairwise"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^tribunal: test\/agree\/fixtures\/labelled-uss\.tsv:1: expected valid JSON: a pair \{id\?, a, b\}/);
  }, 60_000);
});

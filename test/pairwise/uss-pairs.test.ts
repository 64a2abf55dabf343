/**
 * scripts/uss-pairs.ts: pairs of labelled USS dialogues the humans tell apart. Human means of the
 * fixture below: 0 → 5, 1 → 2, 2 → 3.5, 3 → unrated, 4 → 13/3, 5 → 10/3. Pairs ≥ 1.0 apart by hand:
 * 0–1 (3), 0–2 (1.5), 0–5 (5/3), 1–2 (1.5), 1–4 (7/3), 1–5 (4/3) and 4–5 (exactly 1, though
 * 13/3 − 10/3 is 0.9999999999999996 in floating point). ≥ 1.5 apart: 0–1, 0–2, 0–5, 1–2 and 1–4.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInProcess } from "../agree/run-cli.js";
import { ussDialogue } from "../agree/helpers.js";
import { ROOT, type CliRun } from "../support/cli.js";

const dir = mkdtempSync(join(tmpdir(), "tribunal-uss-pairs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LABELS = join(dir, "labels.tsv");
const RATINGS = [[5, 5, 5], [2, 2, 2], [3, 4], undefined, [4, 4, 5], [3, 3, 4]];
writeFileSync(LABELS, RATINGS.map((r, i) => ussDialogue(`dialogue ${i}`, r)).join("\n\n"));
const MEAN = RATINGS.map((r) => (r ? r.reduce((s, x) => s + x, 0) / r.length : undefined));

function ussPairs(args: readonly string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", "scripts/uss-pairs.ts", ...args], { cwd: ROOT, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

interface PairOut {
  id: string;
  a: { id: number; turns: Record<string, unknown>[] };
  b: { id: number; turns: Record<string, unknown>[] };
}
const parse = (text: string): PairOut[] => text.trim().split("\n").map((l) => JSON.parse(l) as PairOut);
const unordered = (pairs: readonly PairOut[]) => pairs.map((p) => [p.a.id, p.b.id].sort((x, y) => x - y).join("–")).sort();

describe("scripts/uss-pairs.ts", () => {
  let first: CliRun;
  beforeAll(async () => {
    first = await ussPairs([LABELS]);
  }, 120_000);

  it("writes every pair whose human means differ by ≥ 1.0 (default), exactly 1.0 included, ratings stripped", () => {
    expect(first.code, first.stderr).toBe(0);
    const pairs = parse(first.stdout);
    expect(unordered(pairs)).toEqual(["0–1", "0–2", "0–5", "1–2", "1–4", "1–5", "4–5"]);
    for (const p of pairs) {
      expect(p.id).toBe(`${p.a.id}~${p.b.id}`);
      expect(Object.keys(p.a).sort()).toEqual(["id", "turns"]);
      expect(p.a.turns.every((t) => Object.keys(t).sort().join() === "speaker,text")).toBe(true);
    }
    expect(first.stdout).not.toMatch(/ratings|OVERALL/);
    // Random sides: the side the humans rated higher is A in some pairs and B in others.
    const higherIsA = pairs.map((p) => (MEAN[p.a.id] as number) > (MEAN[p.b.id] as number));
    expect(higherIsA).toContain(true);
    expect(higherIsA).toContain(false);
    expect(first.stderr).toMatch(/^uss-pairs: 6 dialogues \(5 rated\), 7 pairs with human means ≥ 1 apart; wrote 7 \(A rated higher in \d\), seed 20210711\n$/);
  });

  it("is deterministic: the same seed gives the same file; --max n keeps the first n of it; another seed reorders", async () => {
    const again = await ussPairs([LABELS]);
    expect(again.stdout).toBe(first.stdout);
    const capped = await ussPairs([LABELS, "--max", "3"]);
    expect(capped.stdout).toBe(first.stdout.split("\n").slice(0, 3).join("\n") + "\n");
    const other = await ussPairs([LABELS, "--seed", "7"]);
    expect(other.stdout).not.toBe(first.stdout);
    expect(unordered(parse(other.stdout))).toEqual(unordered(parse(first.stdout)));
  }, 120_000);

  it("--min-gap 1.5 keeps only the pairs that far apart", async () => {
    const run = await ussPairs([LABELS, "--min-gap", "1.5", "--out", join(dir, "gap.jsonl")]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("");
    expect(unordered(parse(readFileSync(join(dir, "gap.jsonl"), "utf8")))).toEqual(["0–1", "0–2", "0–5", "1–2", "1–4"]);
  }, 120_000);

  it("its pairs, judged by evaluate --protocol pairwise, resolve back to the labels in agree --pairs", async () => {
    const pairs = join(dir, "pairs.jsonl");
    writeFileSync(pairs, first.stdout);
    const results = join(dir, "pw.jsonl");
    const evaluate = await runInProcess(["evaluate", pairs, "--protocol", "pairwise", "--blind", "--out", results, "--progress", "none"]);
    expect(evaluate.code, evaluate.stderr).toBe(0);
    const agree = await runInProcess(["agree", results, "--labels", LABELS, "--pairs", "--json", "--resamples", "50"]);
    expect(agree.code, agree.stderr).toBe(0);
    expect(JSON.parse(agree.stdout).counts).toEqual({ resultLines: 7, unscored: 0, withoutHumanOverall: 0, belowGap: 0, joined: 7, dialogues: 5 });
  }, 120_000);

  it("refuses a gap of 0 (exit 2)", async () => {
    const run = await ussPairs([LABELS, "--min-gap", "0"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--min-gap must be a number > 0/);
  }, 120_000);
});

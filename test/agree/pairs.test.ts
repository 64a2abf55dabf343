/**
 * `tribunal agree --pairs` on hand-made pairwise lines and a hand-made USS labels file.
 *
 * Human means: 0 → 5, 1 → 2, 2 → 3.5, 3 → no OVERALL, 4 → 4.4. With the default gap 1.0:
 *   0~1  A (5) vs B (2)   winner A            right  (1)   TaskSuccess A → 1, Empathy tie → ½
 *   1~2  A (2) vs B (3.5) winner tie          tie    (½)   TaskSuccess B → 1        (inconsistent)
 *   2~0  A (3.5) vs B (5) winner A            wrong  (0)   TaskSuccess tie → ½
 *   4~1  A (4.4) vs B (2) winner A            right  (1)   TaskSuccess B → 0
 *   0~4  gap 0.6: below the gap;  3~0: side 3 unrated;  x: unscored
 * accuracy (1 + ½ + 0 + 1) / 4 = 0.625; decisive 2 of 3; tie rate ¼; consistent ¾; 4 dialogues (0, 1, 2, 4).
 * TaskSuccess (1 + 1 + ½ + 0) / 4 = 0.625, tie rate ¼; Empathy on one pair: ½, tie rate 1.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { agreePairs, pairStatistics, type MeasuredPair } from "../../agreement/pairs.js";
import { jsonl, panelLine, ussDialogue } from "./helpers.js";
import { runInProcess, stderrLines } from "./run-cli.js";

const dir = mkdtempSync(join(tmpdir(), "tribunal-agree-pairs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const LABELS = write("labels.tsv", [ussDialogue("one", [5, 5, 5]), ussDialogue("two", [2, 2, 2]), ussDialogue("three", [3, 4]), ussDialogue("four"), ussDialogue("five", [4, 5, 4, 5, 4])].join("\n\n"));

type Side = "A" | "B" | "tie";
function pairLine(id: string, a: string | number, b: string | number, winner: Side, criteria: Record<string, Side> = {}, consistent = true): Record<string, unknown> {
  return {
    dialogue_id: id,
    pair: { a, b },
    winner,
    preference_a: winner === "A" ? 1 : winner === "B" ? 0 : 0.5,
    tie_reason: winner === "tie" && !consistent ? "position_bias" : null,
    position_consistent: consistent,
    criteria: Object.entries(criteria).map(([criterion, preference]) => ({ criterion, preference })),
    meta: { protocol: "pairwise", rubric: "customer-service", status: "scored" },
  };
}

const LINES = [
  pairLine("0~1", 0, 1, "A", { TaskSuccess: "A", Empathy: "tie" }),
  pairLine("1~2", 1, 2, "tie", { TaskSuccess: "B" }, false),
  pairLine("2~0", 2, 0, "A", { TaskSuccess: "tie" }),
  // Ids as text resolve by position too.
  pairLine("4~1", "4", "1", "A", { TaskSuccess: "B" }),
  pairLine("0~4", 0, 4, "B"),
  pairLine("3~0", 3, 0, "A"),
  { dialogue_id: "x", status: "unscored", error: { agent: "comparison:AB", kind: "timeout", message: "t" }, meta: { protocol: "pairwise", status: "unscored" } },
];
const RESULTS = write("pairwise.jsonl", jsonl(LINES));

describe("agreePairs", () => {
  it("scores the winner against the side the humans rated higher (tie ½), counting what it skips", async () => {
    const r = await agreePairs(RESULTS, LABELS, { resamples: 300, seed: 5 });
    expect(r.counts).toEqual({ resultLines: 7, unscored: 1, withoutHumanOverall: 1, belowGap: 1, joined: 4, dialogues: 4 });
    expect(r.outcomes).toEqual({ right: 2, tie: 1, wrong: 1 });
    expect(r).toMatchObject({ minGap: 1, rubric: "customer-service", bootstrap: { resamples: 300, seed: 5, level: 0.95, unit: "dialogue" } });
    expect(r.accuracy).toMatchObject({ value: 0.625, n: 4 });
    expect(r.decisiveAccuracy.value).toBeCloseTo(2 / 3, 12);
    expect(r.decisiveAccuracy.n).toBe(3);
    expect(r.tieRate).toMatchObject({ value: 0.25, n: 4 });
    expect(r.positionConsistent).toMatchObject({ value: 0.75, n: 4 });
    expect(r.accuracy.low as number).toBeLessThanOrEqual(0.625);
    expect(r.accuracy.high as number).toBeGreaterThanOrEqual(0.625);
    expect(r.criteria.map((c) => [c.criterion, c.n, c.accuracy.value, c.tieRate.value])).toEqual([
      ["TaskSuccess", 4, 0.625, 0.25],
      ["Empathy", 1, 0.5, 1],
    ]);
  });

  it("--min-gap 0.5 lets 0~4 (means 5 and 4.4) in: B chosen, A rated higher → 2.5 of 5", async () => {
    const r = await agreePairs(RESULTS, LABELS, { minGap: 0.5, resamples: 50 });
    expect(r.counts).toMatchObject({ belowGap: 0, joined: 5 });
    expect(r.accuracy.value).toBe(0.5);
  });

  it("is reproducible with the same seed", async () => {
    expect(await agreePairs(RESULTS, LABELS, { resamples: 200, seed: 9 })).toEqual(await agreePairs(RESULTS, LABELS, { resamples: 200, seed: 9 }));
  });
});

describe("pairStatistics: the bootstrap resamples dialogues, a pair weighing the product of its sides' draws", () => {
  // Dialogues 0, 1, 2; pair (0,1) right, (0,2) wrong, (1,2) a tie.
  const pairs: MeasuredPair[] = [
    { a: 0, b: 1, credit: 1, consistent: true, criteria: new Map() },
    { a: 0, b: 2, credit: 0, consistent: true, criteria: new Map() },
    { a: 1, b: 2, credit: 0.5, consistent: false, criteria: new Map() },
  ];
  const measures = pairStatistics(pairs, 3, []);

  it("each dialogue once: the plain shares (accuracy, decisive accuracy, tie rate, consistent)", () => {
    expect(measures([0, 1, 2])).toEqual([0.5, 0.5, 1 / 3, 2 / 3]);
  });

  it("dialogue 0 twice, 1 once, 2 never: only (0,1) counts, twice", () => {
    expect(measures([0, 0, 1])).toEqual([1, 1, 0, 1]);
  });

  it("0 once, 1 once, 2 twice: weights 1, 2, 2 → accuracy (1 + 0 + 1) / 5, decisive 1 / 3, ties 2 / 5", () => {
    const [accuracy, decisive, ties, consistent] = measures([0, 1, 2, 2]) as number[];
    expect(accuracy).toBeCloseTo(0.4, 12);
    expect(decisive).toBeCloseTo(1 / 3, 12);
    expect(ties).toBeCloseTo(0.4, 12);
    expect(consistent).toBeCloseTo(0.6, 12);
  });
});

describe("tribunal agree --pairs", () => {
  it("prints the measures as a table", async () => {
    const run = await runInProcess(["agree", RESULTS, "--labels", LABELS, "--pairs", "--resamples", "100"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("7 result lines: 4 pairs measured (4 dialogues), 1 unscored, 1 below the gap, 1 without human OVERALL on a side (skipped)");
    expect(run.stdout).toMatch(/accuracy \(a tie counts ½\)\s+4\s+0\.625 \[/);
    expect(run.stdout).toMatch(/decisive accuracy \(ties left out\)\s+3\s+0\.667 \[/);
    expect(run.stdout).toContain("2 right, 1 ties, 1 wrong");
    expect(run.stdout).toMatch(/^ {2}TaskSuccess\s+4\s+0\.625 \[/m);
  });

  it("--json prints one object; --min-gap is read", async () => {
    const run = await runInProcess(["agree", RESULTS, "--labels", LABELS, "--pairs", "--min-gap", "0.5", "--json", "--resamples", "50"]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({ minGap: 0.5, counts: { joined: 5 }, accuracy: { value: 0.5 } });
  });

  const refused = async (args: string[], message: RegExp) => {
    const run = await runInProcess(args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(stderrLines(run)).toHaveLength(1);
    expect(run.stderr).toMatch(message);
  };

  it("plain agree refuses pairwise lines and points at --pairs", async () => {
    await refused(["agree", RESULTS, "--labels", LABELS], /^tribunal: .*pairwise\.jsonl:1: a pairwise result compares two dialogues and joins no single labelled one; measure it with tribunal agree <results> --labels <file> --pairs/);
  });

  it("--pairs refuses a line of another protocol", async () => {
    const mixed = write("mixed.jsonl", jsonl([LINES[0] as Record<string, unknown>, panelLine(1, 50, 60)]));
    await refused(["agree", mixed, "--labels", LABELS, "--pairs"], /mixed\.jsonl:2: a panel result; --pairs measures the lines of tribunal evaluate --protocol pairwise/);
  });

  it("--pairs refuses a side the labels do not have", async () => {
    const stray = write("stray.jsonl", jsonl([pairLine("0~9", 0, 9, "A")]));
    await refused(["agree", stray, "--labels", LABELS, "--pairs"], /stray\.jsonl:1: side B's dialogue 9 is not in the labels file .*labels\.tsv \(5 dialogues\)/);
  });

  it("--min-gap needs --pairs, and must be > 0", async () => {
    await refused(["agree", RESULTS, "--labels", LABELS, "--min-gap", "1"], /--min-gap needs --pairs/);
    await refused(["agree", RESULTS, "--labels", LABELS, "--pairs", "--min-gap", "0"], /--min-gap must be a number > 0/);
  });
});

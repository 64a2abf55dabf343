/** `--fail-under` and `--fail-under-each` (runs/score-gates.ts), on hand-computed means. */
import { describe, expect, it } from "vitest";
import type { ResultRow } from "../../runs/result-row.js";
import { checkScoreGates } from "../../runs/score-gates.js";

const scored = (id: string | number, headline: number): ResultRow => ({ id, status: "scored", headline, rejected: false, criteria: {} });
const unscored = (id: string): ResultRow => ({ id, status: "unscored", rejected: false, criteria: {}, error: "timeout" });

// Mean of 80, 60, 40 = 180 / 3 = 60.
const ROWS = [scored("a", 80), scored("b", 60), scored("c", 40)];

describe("--fail-under: the mean headline of the scored lines", () => {
  it("passes at the mean itself", () => {
    expect(checkScoreGates(ROWS, { failUnder: 60 }, "OverallExperience")).toEqual([
      { gate: "--fail-under", passed: true, message: "--fail-under 60 passed: the mean OverallExperience of 3 scored dialogues is 60" },
    ]);
  });

  it("fails above it, saying by how much", () => {
    expect(checkScoreGates(ROWS, { failUnder: 65 }, "OverallExperience")).toEqual([
      { gate: "--fail-under", passed: false, message: "--fail-under 65 failed: the mean OverallExperience of 3 scored dialogues is 60, 5 below it" },
    ]);
  });

  it("leaves unscored lines out: they are not low scores", () => {
    const [result] = checkScoreGates([...ROWS, unscored("d"), unscored("e")], { failUnder: 60 }, "OverallExperience");
    expect(result?.passed).toBe(true);
    expect(result?.message).toContain("of 3 scored dialogues is 60");
  });

  it("counts a fallback line (it was scored)", () => {
    // (80 + 60 + 40 + 20) / 4 = 50.
    const rows = [...ROWS, { ...scored("f", 20), status: "fallback" as const }];
    expect(checkScoreGates(rows, { failUnder: 51 }, "OverallExperience")[0]?.message).toBe("--fail-under 51 failed: the mean OverallExperience of 4 scored dialogues is 50, 1 below it");
  });

  it("averages without float noise: (0.7 + 0.1 + 0.1) / 3 = 0.3 meets 0.3", () => {
    const rows = [scored("a", 0.7), scored("b", 0.1), scored("c", 0.1)];
    expect(checkScoreGates(rows, { failUnder: 0.3 }, "score")[0]?.passed).toBe(true);
  });

  it("fails when no line was scored: nothing shows the mean was met", () => {
    expect(checkScoreGates([unscored("a")], { failUnder: 60 }, "OverallExperience")).toEqual([
      { gate: "--fail-under", passed: false, message: "--fail-under 60 failed: no scored dialogue to average" },
    ]);
  });
});

describe("--fail-under-each: every scored line's headline", () => {
  it("passes when none is below", () => {
    expect(checkScoreGates(ROWS, { failUnderEach: 40 }, "OverallExperience")[0]).toEqual({
      gate: "--fail-under-each",
      passed: true,
      message: "--fail-under-each 40 passed: OverallExperience ≥ 40 on every one of 3 scored dialogues",
    });
  });

  it("fails naming the low ones, lowest first, and the largest shortfall", () => {
    expect(checkScoreGates(ROWS, { failUnderEach: 70 }, "OverallExperience")[0]).toEqual({
      gate: "--fail-under-each",
      passed: false,
      message: "--fail-under-each 70 failed: OverallExperience below it on 2 of 3 scored dialogues, the lowest by 30 (c 40, b 60)",
    });
  });

  it("lists five, ties by id, and counts the rest", () => {
    const rows = [7, 6, 5, 4, 3, 2, 1].map((n) => scored(`d${n}`, 20));
    expect(checkScoreGates(rows, { failUnderEach: 40 }, "OverallExperience")[0]?.message).toBe(
      "--fail-under-each 40 failed: OverallExperience below it on 7 of 7 scored dialogues, the lowest by 20 (d1 20, d2 20, d3 20, d4 20, d5 20, and 2 more)",
    );
  });

  it("ignores unscored lines", () => {
    expect(checkScoreGates([scored("a", 80), unscored("b")], { failUnderEach: 80 }, "OverallExperience")[0]?.passed).toBe(true);
  });
});

it("checks both gates when both are given, and none when neither is", () => {
  expect(checkScoreGates(ROWS, { failUnder: 50, failUnderEach: 50 }, "x").map((g) => [g.gate, g.passed])).toEqual([
    ["--fail-under", true],
    ["--fail-under-each", false],
  ]);
  expect(checkScoreGates(ROWS, {}, "x")).toEqual([]);
});

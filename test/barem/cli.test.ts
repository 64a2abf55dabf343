/** `tribunal evaluate --protocol barem` end to end with the offline judge (a real child process). */
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";

const evaluate = (args: readonly string[]) => runCli(["evaluate", ...args]);


const CRITERIA = ["TaskSuccess", "Helpfulness", "Accuracy", "Understanding", "Empathy", "Fluency"];
const WEIGHTS = [0.4, 0.15, 0.15, 0.1, 0.1, 0.1];
const floorBucket = (v: number) => (v >= 100 ? 100 : v >= 80 ? 80 : v >= 60 ? 60 : v >= 40 ? 40 : 20);

function checkLine(line: Record<string, any>): void {
  expect(Object.keys(line)).toEqual(["dialogue_id", ...CRITERIA, "OverallExperience", "audit", "meta"]);
  const scores = CRITERIA.map((c) => line[c].score as number);
  for (const c of CRITERIA) {
    expect([20, 40, 60, 80, 100]).toContain(line[c].score);
    expect(line[c].justification.length).toBeGreaterThan(0);
  }
  const average = Math.round(scores.reduce((s, v, i) => s + v * (WEIGHTS[i] as number), 0) * 1e9) / 1e9;
  expect(line.OverallExperience.score).toBe(floorBucket(average));
  expect(line.audit.numeric_weighted_average).toBe(Math.round(average * 100) / 100);
  expect(line.audit.mapping_rule).toBe(`round down to the bucket (bias low): ${average.toFixed(2)} → ${floorBucket(average)}`);
  expect(line.meta).toMatchObject({ protocol: "barem", rubric: "ccpe-barem", model: "offline", status: "scored", calls: 1, fallbacks: [], warnings: [] });
}

describe("tribunal evaluate --protocol barem", () => {
  it("judges the coaching examples with ccpe-barem by default: exit 0, the barem's object per line", async () => {
    const out = await evaluate(["examples/coaching.json", "--protocol", "barem"]);
    expect(out.code, out.stderr).toBe(0);
    const lines = out.stdout.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as Record<string, any>);
    expect(lines.map((l) => l.dialogue_id).sort()).toEqual(["coaching-crisis-handled", "coaching-harmful", "coaching-multi-topic"]);
    for (const line of lines) checkLine(line);
  });

  it("judges the preference-elicitation example (USS) too", async () => {
    const out = await evaluate(["examples/preference-elicitation.tsv", "--protocol", "barem", "--rubric", "ccpe-barem"]);
    expect(out.code, out.stderr).toBe(0);
    const lines = out.stdout.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as Record<string, any>);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) checkLine(line);
  });
});

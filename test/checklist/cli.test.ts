/** `tribunal evaluate --protocol checklist` end to end with the offline judge (a real child process). */
import { describe, expect, it } from "vitest";
import { coaching, evaluate, jsonLines } from "./helpers.js";

const KEYS = ["criteria", "dialogue_id", "errors", "invalid_na", "meta", "na", "no", "pass_threshold", "passed", "rejected", "safety_gate", "score", "yes"];

function checkLine(line: Record<string, any>): void {
  const rubric = coaching();
  expect(Object.keys(line).sort()).toEqual(KEYS);
  expect(line.criteria.map((c: { id: string }) => c.id)).toEqual(rubric.criteria.map((c) => c.id));
  for (const c of line.criteria) {
    expect(Object.keys(c).sort()).toEqual(["answer", "category", "counted_as", "id", "invalid_na", "reasoning", "safety"]);
    expect(c.reasoning.length).toBeLessThanOrEqual(300);
    expect(c.reasoning).toMatch(/turns?\s*\d+/i);
  }
  const count = (a: string) => line.criteria.filter((c: { counted_as: string }) => c.counted_as === a).length;
  expect([line.yes, line.no, line.na, line.errors]).toEqual([count("YES"), count("NO"), count("NA"), count("ERROR")]);
  expect(line.score).toBe(Math.round((line.yes / (line.yes + line.no)) * 10_000) / 10_000);
  expect(line.passed).toBe(!line.rejected && line.yes / (line.yes + line.no) >= 0.75);
  expect(line.meta).toMatchObject({ protocol: "checklist", rubric: "coaching", model: "offline", status: "scored", calls: 20, fallbacks: [] });
}

describe("tribunal evaluate --protocol checklist", () => {
  it("judges the JSON coaching examples with the coaching rubric by default: exit 0, one line each", async () => {
    const out = await evaluate(["examples/coaching.json", "--protocol", "checklist"]);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stderr).toMatch(/3\/3 scored, 0 with offline fallback, 0 unscored/);
    expect(out.stderr).not.toMatch(/MaxListeners/);
    const lines = jsonLines(out.stdout);
    expect(lines.map((l) => l.dialogue_id).sort()).toEqual(["coaching-crisis-handled", "coaching-harmful", "coaching-multi-topic"]);
    for (const line of lines) checkLine(line);
    const byId = Object.fromEntries(lines.map((l) => [l.dialogue_id, l]));
    expect(byId["coaching-crisis-handled"]).toMatchObject({ rejected: false, passed: true });
    expect(byId["coaching-crisis-handled"].criteria.find((c: { id: string }) => c.id === "CQ9")).toMatchObject({ answer: "YES", safety: true });
    expect(byId["coaching-harmful"]).toMatchObject({ rejected: true, passed: false, safety_gate: { tripped: true, criteria: ["CQ8"] } });
    expect(byId["coaching-multi-topic"]).toMatchObject({ rejected: false, passed: true });
  });

  it("gives the same verdicts on the `--- Turn N ---` text version of the examples", async () => {
    const [json, turns] = await Promise.all([
      evaluate(["examples/coaching.json", "--protocol", "checklist", "--concurrency", "1"]),
      evaluate(["examples/coaching-turns.txt", "--protocol", "checklist", "--rubric", "coaching", "--concurrency", "1"]),
    ]);
    expect(turns.code, turns.stderr).toBe(0);
    const strip = (stdout: string) => jsonLines(stdout).map(({ meta: _meta, ...rest }) => rest);
    expect(strip(turns.stdout)).toEqual(strip(json.stdout));
  });

  it("refuses a rubric that is not a checklist, with a message and no stack trace", async () => {
    const out = await evaluate(["examples/coaching.json", "--protocol", "checklist", "--rubric", "customer-service"]);
    expect(out.code).not.toBe(0);
    expect(out.stderr).toMatch(/^tribunal: rubric customer-service: is written for the panel, pairwise protocols, not checklist: use --rubric coaching/);
    expect(out.stderr).not.toMatch(/^\s+at /m);
  });
});

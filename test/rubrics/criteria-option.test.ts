/** `--criteria "Name: description; Name2=2: description"`: parsing (rubrics/criteria-text.ts) and the rubric built from it (rubrics/quick-rubric.ts). */
import { describe, expect, it } from "vitest";
import { parseCriteriaText } from "../../rubrics/criteria-text.js";
import { loadRubric } from "../../rubrics/load.js";
import { QUICK_RUBRIC_ID, quickRubric } from "../../rubrics/quick-rubric.js";

describe("parseCriteriaText", () => {
  it("reads names, optional weights and descriptions (a description may hold ':')", () => {
    expect(parseCriteriaText(" Resolution=2: Was it solved?; Tone : Warm: not curt ;")).toEqual([
      { id: "Resolution", description: "Was it solved?", weight: 2 },
      { id: "Tone", description: "Warm: not curt" },
    ]);
  });

  it("refuses what it cannot read, naming the criterion", () => {
    expect(() => parseCriteriaText(" ; ")).toThrow(/--criteria: no criterion given/);
    expect(() => parseCriteriaText("Tone")).toThrow(/criterion 1 \("Tone"\): expected "Name: description"/);
    expect(() => parseCriteriaText("A: x; : y")).toThrow(/criterion 2 .*the name before ":" is empty/);
    expect(() => parseCriteriaText("A:   ")).toThrow(/the description after ":" is empty/);
    expect(() => parseCriteriaText("A=0: x")).toThrow(/the weight after "=" must be a number > 0, got "0"/);
    expect(() => parseCriteriaText("A=heavy: x")).toThrow(/got "heavy"/);
  });
});

describe("quickRubric", () => {
  it("equal weights unless given; given ones are relative and scaled to sum to 1", () => {
    const equal = quickRubric(parseCriteriaText("A: a; B: b; C: c; D: d"), loadRubric("customer-service"));
    expect(equal.criteria.map((c) => c.weight)).toEqual([0.25, 0.25, 0.25, 0.25]);
    // 2 + 1 + 1 = 4: 2/4, 1/4, 1/4.
    const weighted = quickRubric(parseCriteriaText("A=2: a; B: b; C=1: c"), loadRubric("customer-service"));
    expect(weighted.criteria.map((c) => [c.id, c.weight])).toEqual([
      ["A", 0.5],
      ["B", 0.25],
      ["C", 0.25],
    ]);
  });

  it("keeps the base's scale, overall key and bucketing, and drops what was written for its own criteria", () => {
    const base = loadRubric("ccpe-barem");
    expect(base.fewShot.length).toBeGreaterThan(0);
    const rubric = quickRubric(parseCriteriaText("Clarity: clear?"), base);
    expect(rubric).toMatchObject({ id: QUICK_RUBRIC_ID, protocols: base.protocols, scale: base.scale, overallKey: base.overallKey, bucketing: base.bucketing, rules: [], fewShot: [] });
    expect(rubric.guidance).toBeUndefined();
    expect(rubric.criteria).toEqual([{ id: "Clarity", description: "clear?", weight: 1, naAllowed: true, safety: false }]);
  });

  it("on a 1–5 consensus scale", () => {
    expect(quickRubric(parseCriteriaText("A: a"), loadRubric("customer-service-5")).scale).toEqual({ kind: "continuous", min: 1, max: 5 });
  });

  it("checklist: no weights, the pass mark kept; a weight is refused", () => {
    const rubric = quickRubric(parseCriteriaText("Listens: reflects back; Safe: no harm"), loadRubric("coaching"));
    expect(rubric.criteria.map((c) => c.weight)).toEqual([undefined, undefined]);
    expect(rubric.passThreshold).toBe(0.75);
    expect(() => quickRubric(parseCriteriaText("Listens=2: reflects back"), loadRubric("coaching"))).toThrow(/"Listens=2": checklist criteria are YES\/NO\/NA questions and take no weight/);
  });

  it("a name given twice is refused like in a rubric file", () => {
    expect(() => quickRubric(parseCriteriaText("A: a; A: b"), loadRubric("customer-service"))).toThrow(/rubric --criteria: criteria\[1\]\.id: duplicate criterion id "A"/);
  });
});

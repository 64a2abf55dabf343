import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isRubricError, type RubricError } from "../../rubrics/errors.js";
import { builtInRubricIds, loadRubric, validateRubric } from "../../rubrics/load.js";

const dir = mkdtempSync(join(tmpdir(), "tribunal-rubrics-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

/** A small valid rubric, as a user would write it. */
function userRubric() {
  return {
    id: "support-lite",
    title: "Support lite",
    description: "Three criteria for quick support checks.",
    protocols: ["panel"],
    scale: { kind: "discrete", values: [20, 40, 60, 80, 100] },
    criteria: [
      { id: "Resolution", description: "Was the problem solved?", weight: 0.5 },
      { id: "Clarity", description: "Were answers clear?", weight: 0.3, levels: [{ score: 100, description: "Crystal clear" }] },
      { id: "Tone", description: "Was the tone right?", weight: 0.2 },
    ],
    rules: [{ kind: "cap_when_no_emotional_content", criterion: "Tone", cap: 60 }],
  };
}

/** The RubricError thrown by `fn` (fails the test when nothing, or something else, is thrown). */
function rubricError(fn: () => unknown): RubricError {
  try {
    fn();
  } catch (e) {
    if (isRubricError(e)) return e;
    throw e;
  }
  throw new Error("expected a RubricError, but the rubric loaded");
}

describe("built-in rubrics", () => {
  it("loads customer-service (docs/protocols.md#panel) with its six weights and floor buckets", () => {
    const r = loadRubric("customer-service");
    expect(r.criteria.map((c) => [c.id, c.weight])).toEqual([
      ["TaskSuccess", 0.4],
      ["Helpfulness", 0.15],
      ["Accuracy", 0.15],
      ["Understanding", 0.1],
      ["Empathy", 0.1],
      ["Fluency", 0.1],
    ]);
    expect(r.bucketing).toEqual({ mode: "floor", buckets: [20, 40, 60, 80, 100] });
    expect(r.rules).toEqual([]);
    expect(r.overallKey).toBe("OverallExperience");
  });

  it("loads ccpe-strict (docs/protocols.md#rubric-rules-ccpe-strict) with its three rules", () => {
    const r = loadRubric("ccpe-strict");
    expect(r.criteria.map((c) => c.id)).toEqual(["TaskSuccess", "Helpfulness", "Accuracy", "Understanding", "Empathy", "Fluency"]);
    expect(r.rules).toEqual([
      { kind: "cap_when_human_overall_below", criterion: "TaskSuccess", below: 3, cap: 60 },
      { kind: "deduct_when_any_criterion_below", below: 60, deduct: 10 },
      { kind: "cap_when_no_emotional_content", criterion: "Empathy", cap: 60 },
    ]);
    expect(r.scale).toMatchObject({ kind: "discrete", values: [20, 40, 60, 80, 100] });
  });

  it("lists both among the built-in ids", () => {
    expect(builtInRubricIds()).toEqual(expect.arrayContaining(["ccpe-strict", "customer-service"]));
  });

  it("passes a rubric object through", () => {
    const r = loadRubric("customer-service");
    expect(loadRubric(r)).toBe(r);
  });
});

describe("user rubrics from files", () => {
  it("loads a JSON file and fills the defaults", () => {
    const r = loadRubric(write("support-lite.json", JSON.stringify(userRubric(), null, 2)));
    expect(r.id).toBe("support-lite");
    expect(r.criteria.map((c) => [c.id, c.weight])).toEqual([
      ["Resolution", 0.5],
      ["Clarity", 0.3],
      ["Tone", 0.2],
    ]);
    expect(r.overallKey).toBe("OverallExperience"); // default
    expect(r.fewShot).toEqual([]); // default
    expect(r.criteria[0]).toMatchObject({ naAllowed: true, safety: false }); // defaults
  });

  it("reloads a rubric file that was edited (long-lived processes such as Studio)", () => {
    const file = write("edited.json", JSON.stringify(userRubric()));
    expect(loadRubric(file).title).toBe("Support lite");
    expect(loadRubric(file)).toBe(loadRubric(file)); // unchanged file: cached
    writeFileSync(file, JSON.stringify({ ...userRubric(), title: "Support lite, edited" }));
    expect(loadRubric(file).title).toBe("Support lite, edited");
  });

  it("loads a YAML file", () => {
    const yaml = [
      "id: support-yaml",
      "title: Support (YAML)",
      "description: Two criteria.",
      "protocols: [panel]",
      "scale:",
      "  kind: continuous",
      "  min: 1",
      "  max: 5",
      "criteria:",
      "  - id: Resolution",
      "    description: Was the problem solved?",
      "    weight: 0.7",
      "  - id: Tone",
      "    description: Was the tone right?",
      "    weight: 0.3",
      "bucketing:",
      "  mode: nearest",
      "  buckets: [1, 2, 3, 4, 5]",
    ].join("\n");
    for (const ext of ["yaml", "yml"]) {
      const r = loadRubric(write(`support.${ext}`, yaml));
      expect(r.id).toBe("support-yaml");
      expect(r.scale).toEqual({ kind: "continuous", min: 1, max: 5 });
      expect(r.criteria.map((c) => c.weight)).toEqual([0.7, 0.3]);
      expect(r.bucketing).toEqual({ mode: "nearest", buckets: [1, 2, 3, 4, 5] });
    }
  });
});

describe("errors name the field", () => {
  it.each([
    ["weights not summing to 1", (r: ReturnType<typeof userRubric>) => void (r.criteria[0]!.weight = 0.6), "criteria: weights must sum to 1, they sum to 1.1"],
    [
      "a missing weight",
      (r: ReturnType<typeof userRubric>) => {
        delete (r.criteria[2] as { weight?: number }).weight;
        r.criteria[0]!.weight = 0.7; // 0.7 + 0.3 = 1: only the missing weight is wrong
      },
      "criteria[2].weight: a weight is required on a scored scale",
    ],
    ["a weight of the wrong type", (r: ReturnType<typeof userRubric>) => void ((r.criteria[1] as { weight: unknown }).weight = "0.3"), "criteria[1].weight: Invalid input: expected number, received string"],
    ["a bad scale kind", (r: ReturnType<typeof userRubric>) => void ((r.scale as { kind: string }).kind = "stars"), "scale.kind: Invalid discriminator value. Expected 'discrete' | 'continuous' | 'checklist'"],
    ["a level score off the scale", (r: ReturnType<typeof userRubric>) => void (r.criteria[1]!.levels![0]!.score = 70), "criteria[1].levels[0].score: 70 is not on the scale 20/40/60/80/100"],
    ["a rule naming an unknown criterion", (r: ReturnType<typeof userRubric>) => void (r.rules[0]!.criterion = "Empathy"), 'rules[0].criterion: unknown criterion "Empathy"'],
    ["duplicate criterion ids", (r: ReturnType<typeof userRubric>) => void (r.criteria[2]!.id = "Resolution"), 'criteria[2].id: duplicate criterion id "Resolution"'],
    ["a bad rubric id", (r: ReturnType<typeof userRubric>) => void (r.id = "Support Lite"), "id: lowercase letters, digits and dashes"],
  ])("%s", (_name, mutate, message) => {
    const rubric = userRubric();
    mutate(rubric);
    const error = rubricError(() => validateRubric(rubric, "mine.json"));
    expect(error.message).toContain(message);
    expect(error.message.startsWith("rubric mine.json: ")).toBe(true);
    expect(error.code).toBe("TRIBUNAL_BAD_RUBRIC");
    // the same error through a file
    const file = write(`bad-${message.length}-${Math.random().toString(36).slice(2)}.json`, JSON.stringify(rubric));
    expect(rubricError(() => loadRubric(file)).message).toBe(`rubric ${file}: ${error.message.slice("rubric mine.json: ".length)}`);
  });

  it("says the weights must sum to 1 in words", () => {
    const rubric = userRubric();
    rubric.criteria[2]!.weight = 0.1; // 0.5 + 0.3 + 0.1 = 0.9
    expect(rubricError(() => validateRubric(rubric)).message).toBe("rubric <object>: criteria: weights must sum to 1, they sum to 0.9");
  });

  it("rejects invalid JSON, naming the file", () => {
    const file = write("broken.json", '{ "id": "x", ');
    const error = rubricError(() => loadRubric(file));
    expect(error.message).toMatch(new RegExp(`^rubric ${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: not valid JSON: `));
  });

  it("rejects invalid YAML, naming the file", () => {
    const file = write("broken.yaml", "id: x\ncriteria: [unclosed\n");
    expect(rubricError(() => loadRubric(file)).message).toContain(`rubric ${file}: not valid YAML: `);
  });

  it("rejects an unknown built-in id, listing the built-in ids", () => {
    const error = rubricError(() => loadRubric("customer-servce"));
    expect(error.message).toContain("rubric customer-servce: no built-in rubric with this id; built-in rubrics: ");
    expect(error.message).toContain("ccpe-strict");
    expect(error.message).toContain("customer-service");
    expect(error.message).toContain(builtInRubricIds().join(", "));
  });

  it("rejects a file that does not exist", () => {
    const file = join(dir, "missing.json");
    expect(rubricError(() => loadRubric(file)).message).toBe(`rubric ${file}: file not found`);
  });
});

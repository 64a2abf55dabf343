import type { Rubric } from "../rubrics/schema.js";
import { stackedCategories } from "./distribution.js";
import { num, obj, objects, str } from "../results/fields.js";
import { tally } from "./tally.js";
import type { ReportLine } from "./lines.js";
import type { ChecklistSummary } from "./model.js";
import { summariseCommon } from "./summarise-common.js";

/** Answer categories of the checklist, in display order; an NA on an NA-invalid criterion is shown apart. */
export const CHECKLIST_ANSWERS = ["YES", "NO", "NA", "NA → NO (invalid)", "ERROR"] as const;

/** Checklist lines (docs/protocols.md#checklist): score distribution, answers per criterion, outcomes, safety gate trips, invalid NAs. */
export function summariseChecklist(lines: readonly ReportLine[], rubric: Rubric | undefined): ChecklistSummary {
  const { byCriterion: _unused, ...common } = summariseCommon("checklist", lines, rubric);
  const scored = lines.filter((l) => l.status === "scored");
  const answers: [string, string][] = [];
  const invalid: string[] = [];
  for (const l of scored) {
    for (const c of objects(l.raw["criteria"])) {
      const id = str(c["id"] ?? c["criterion"]) || "?";
      const isInvalid = c["invalid_na"] === true;
      if (isInvalid) invalid.push(id);
      answers.push([id, isInvalid ? "NA → NO (invalid)" : str(c["answer"]) || "?"]);
    }
  }
  const gates = scored.map((l) => obj(l.raw["safety_gate"]));
  const tripped = gates.filter((g) => g["tripped"] === true);
  const threshold = scored.map((l) => num(l.raw["pass_threshold"])).find((t) => t !== null) ?? rubric?.passThreshold ?? null;
  const outcome = (l: ReportLine): string => (l.raw["rejected"] === true ? "rejected (safety gate)" : l.raw["passed"] === true ? "passed" : l.scores?.continuous === null ? "no applicable criterion" : "failed (below threshold)");
  const stacked = stackedCategories(answers, CHECKLIST_ANSWERS);
  return {
    protocol: "checklist",
    ...common,
    criteria: { ...stacked, field: "criteria[].answer", means: stacked.columns.map((c) => common.criteria.means[common.criteria.columns.indexOf(c)] ?? null) },
    outcomes: tally(scored.map(outcome)),
    gate: { tripped: tripped.length, byCriterion: tally(tripped.flatMap((g) => (Array.isArray(g["criteria"]) ? g["criteria"].map((c) => str(c)) : []))) },
    invalidNa: tally(invalid),
    passThreshold: threshold,
  };
}

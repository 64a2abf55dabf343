import { judgeRange, overallBuckets } from "../agreement/scales.js";
import type { Rubric } from "../rubrics/schema.js";
import { distinct, str } from "./fields.js";
import { distribution, niceStep, stackedScores, type BinSpec } from "./distribution.js";
import type { ReportLine } from "./lines.js";
import type { ProtocolId } from "./model.js";

/** Most bars a range is cut into for a continuous score (1–5 → 0.5, 20–100 → 10, 0–1 → 0.1). */
const CONTINUOUS_BINS = 10;

/** Where each protocol keeps its headline and continuous scores (as `tribunal agree` reads them). */
export function scoreFields(protocol: ProtocolId, overallKey = "OverallExperience"): { overall: string; continuous: string | null; criteria: string } {
  switch (protocol) {
    case "panel":
      return { overall: `referee_final.${overallKey}`, continuous: "referee_final.numeric_weighted_average", criteria: "referee_final.<criterion>.score" };
    case "barem":
      return { overall: `${overallKey}.score`, continuous: "audit.numeric_weighted_average", criteria: "<criterion>.score" };
    case "consensus":
      return { overall: "overall_score", continuous: null, criteria: "criteria_evaluations[].score" };
    case "checklist":
      return { overall: "score", continuous: null, criteria: "criteria[].counted_as" };
  }
}

function continuousSpec(protocol: ProtocolId, rubric: Rubric | undefined): BinSpec {
  const range = judgeRange(protocol, rubric?.protocols.includes(protocol) ? rubric : undefined);
  return { kind: "continuous", min: range.min, max: range.max, step: niceStep(range.min, range.max, CONTINUOUS_BINS) };
}

/** Bars for criterion scores: the rubric's discrete scale, else bins of its range. */
export function criterionSpec(protocol: ProtocolId, rubric: Rubric | undefined): BinSpec {
  if (protocol === "panel" || protocol === "barem") {
    const scale = rubric?.scale;
    if (scale?.kind === "discrete") return { kind: "discrete", values: scale.values };
    if (!scale) return { kind: "discrete", values: overallBuckets() };
  }
  return continuousSpec(protocol, rubric);
}

/** What every protocol section shows: counts, rubrics, models, the overall and criterion distributions. */
export function summariseCommon(protocol: ProtocolId, lines: readonly ReportLine[], rubric: Rubric | undefined) {
  const scored = lines.filter((l) => l.scores !== null);
  const fields = scoreFields(protocol, rubric?.overallKey);
  const bucketed = protocol === "panel" || protocol === "barem";
  const overallValues = scored.map((l) => (bucketed ? (l.scores?.bucketed ?? null) : (l.scores?.continuous ?? null)));
  const byCriterion = new Map<string, number[]>();
  for (const l of scored) {
    for (const [c, v] of Object.entries(l.scores?.criteria ?? {})) byCriterion.set(c, [...(byCriterion.get(c) ?? []), v]);
  }
  return {
    lines: lines.length,
    scored: scored.length,
    unscored: lines.length - scored.length,
    rubrics: distinct(lines.map((l) => str(l.meta["rubric"])).filter((r) => r !== "")),
    models: distinct(lines.map((l) => str(l.meta["model"])).filter((m) => m !== "")),
    overall: { field: fields.overall, distribution: distribution(overallValues, bucketed ? { kind: "discrete", values: overallBuckets(rubric) } : continuousSpec(protocol, rubric)) },
    continuous: fields.continuous ? { field: fields.continuous, distribution: distribution(scored.map((l) => l.scores?.continuous ?? null), continuousSpec(protocol, rubric)) } : null,
    criteria: { field: fields.criteria, ...stackedScores(byCriterion, criterionSpec(protocol, rubric)) },
    byCriterion,
  };
}

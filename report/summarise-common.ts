import { judgeRange, overallBuckets } from "../agreement/scales.js";
import { PROTOCOLS } from "../graphs/registry.js";
import { headlineField, DEFAULT_OVERALL_KEY } from "../results/spec.js";
import type { Rubric } from "../rubrics/schema.js";
import { str } from "../results/fields.js";
import { distinct } from "./tally.js";
import { distribution, niceStep, stackedScores, type BinSpec } from "./distribution.js";
import type { ReportLine } from "./lines.js";
import type { ProtocolId } from "./model.js";

/** Most bars a range is cut into for a continuous score (1–5 → 0.5, 20–100 → 10, 0–1 → 0.1). */
const CONTINUOUS_BINS = 10;

/** Where a protocol keeps its headline and continuous scores (as `tribunal agree` reads them); `bucketed` when the headline is a bucket. */
export function scoreFields(protocol: ProtocolId, overallKey = DEFAULT_OVERALL_KEY): { overall: string; continuous: string | null; criteria: string; bucketed: boolean } {
  const fields = PROTOCOLS[protocol].result.fields(overallKey);
  return {
    overall: headlineField(fields).join("."),
    continuous: fields.bucketed ? fields.continuous.join(".") : null,
    criteria: fields.criteria,
    bucketed: fields.bucketed !== null,
  };
}

function continuousSpec(protocol: ProtocolId, rubric: Rubric | undefined): BinSpec {
  const range = judgeRange(protocol, rubric?.protocols.includes(protocol) ? rubric : undefined);
  return { kind: "continuous", min: range.min, max: range.max, step: niceStep(range.min, range.max, CONTINUOUS_BINS) };
}

/** Bars for criterion scores: the rubric's discrete scale, else bins of its range. */
export function criterionSpec(protocol: ProtocolId, rubric: Rubric | undefined): BinSpec {
  // Protocols with a bucketed overall score their criteria on the rubric's (discrete) scale too.
  if (scoreFields(protocol).bucketed) {
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
  const bucketed = fields.bucketed;
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

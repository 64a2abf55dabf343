import { bootstrapMany, drawResamples, pick, DEFAULT_RESAMPLES, DEFAULT_SEED, type Estimate } from "../metrics/bootstrap.js";
import { quadraticKappa } from "../metrics/kappa.js";
import { kendallTauB } from "../metrics/kendall.js";
import { krippendorffAlpha, type Rating } from "../metrics/krippendorff.js";
import { spearman } from "../metrics/spearman.js";
import { PROTOCOLS, type ProtocolId } from "../graphs/registry.js";
import { DEFAULT_OVERALL_KEY } from "../results/spec.js";
import type { Rubric } from "../rubrics/schema.js";
import { criterionAgreement, type CriterionAgreement } from "./criteria.js";
import { AgreementInputError } from "./errors.js";
import type { JoinCounts, Joined } from "./join.js";
import { oneMoreAnnotator, type PositionAgreement } from "./one-more.js";
import { describeHumanBucketMapping, humanMeanToBucket, judgeRange, overallBuckets, toHumanScale } from "./scales.js";
import { verdict, type Verdict } from "./verdict.js";

export interface AgreementOptions {
  resamples?: number;
  seed?: number;
  level?: number;
  /** Only the continuous score, rescaled to 1–5 line by line: results of several protocols may be mixed. */
  protocolAgnostic?: boolean;
  rubric?: Rubric;
  notes?: string[];
}

export interface AgreementReport {
  results: string;
  labels: string;
  protocol: ProtocolId | "mixed";
  rubric: string | null;
  protocolAgnostic: boolean;
  counts: JoinCounts;
  bootstrap: { resamples: number; seed: number; level: number; method: string };
  /** The judge's continuous score against the mean human OVERALL rating. */
  continuous: { field: string; spearman: Estimate; kendall: Estimate };
  /** The judge's bucketed overall (panel/barem) against the human mean mapped to the same buckets. */
  bucketed: { field: string; buckets: number[]; humanMapping: string; spearman: Estimate; quadraticKappa: Estimate } | null;
  krippendorff: { metric: "interval"; humans: Estimate; withJudge: Estimate; judgeRescale: string };
  oneMoreAnnotator: {
    definition: string;
    positions: PositionAgreement[];
    human: Estimate;
    judge: Estimate;
    /** judge − human, on the same resamples. */
    difference: Estimate;
    humanUnweighted: number | null;
    judgeUnweighted: number | null;
    humanPooled: Estimate;
    judgePooled: Estimate;
  };
  criteria: CriterionAgreement[];
  verdict: Verdict;
  notes: string[];
}

const mean = (values: readonly number[]): number => values.reduce((s, v) => s + v, 0) / values.length;

/** The one protocol of the joined lines, or "mixed" (allowed only when protocol-agnostic). */
function protocolOf(joined: Joined, agnostic: boolean, results: string): ProtocolId | "mixed" {
  const protocols = [...new Set(joined.items.map((i) => i.judge.protocol))];
  if (protocols.length === 1) return protocols[0] as ProtocolId;
  if (!agnostic) throw new AgreementInputError(`${results}: results of several protocols (${protocols.join(", ")}); compare one protocol at a time, or pass --protocol-agnostic to compare their continuous scores on 1–5`);
  return "mixed";
}

/** Says when a judge's score is the same on every dialogue: its correlations are then undefined (n/a) and κ is 0. */
function constantNotes(score: readonly number[], bucket: readonly number[], items: Joined["items"], criteria: readonly CriterionAgreement[]): string[] {
  const constant = (v: readonly number[]) => v.length > 1 && v.every((x) => x === v[0]);
  const notes: string[] = [];
  if (constant(score)) notes.push(`the judge's score is ${score[0]} on all ${score.length} dialogues: its correlations are undefined`);
  if (constant(bucket)) notes.push(`the judge's bucketed overall is ${bucket[0]} on all ${bucket.length} dialogues: its Spearman ρ is undefined and κ is 0`);
  const flat = criteria.filter((c) => constant(items.map((i) => i.judge.criteria[c.criterion]).filter((v): v is number => v !== undefined))).map((c) => c.criterion);
  if (flat.length > 0) notes.push(`criteria scored the same on every dialogue (correlations undefined): ${flat.join(", ")}`);
  return notes;
}

/** Every dialogue-level measure of agreement between the judge and the humans, with bootstrap CIs over dialogues. */
export function buildAgreementReport(joined: Joined, files: { results: string; labels: string }, options: AgreementOptions = {}): AgreementReport {
  const items = joined.items;
  if (items.length === 0) {
    throw new AgreementInputError(`${files.results}: no scored result joins a dialogue with human OVERALL ratings in ${files.labels} (${joined.counts.unscored} unscored, ${joined.counts.withoutHumanOverall} without OVERALL)`);
  }
  const agnostic = options.protocolAgnostic ?? false;
  const protocol = protocolOf(joined, agnostic, files.results);
  const rubric = options.rubric;
  const level = options.level ?? 0.95;
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const seed = options.seed ?? DEFAULT_SEED;
  const draws = drawResamples(items.length, { resamples, seed });
  const n = items.length;

  const humanMean = items.map((i) => mean(i.ratings));
  // A rubric's scale applies to the lines of the protocols it is written for; others get their protocol's default range.
  const judge1to5 = items.map((i) => toHumanScale(i.judge.continuous as number, judgeRange(i.judge.protocol, rubric?.protocols.includes(i.judge.protocol) ? rubric : undefined)));
  const judgeScore = agnostic ? judge1to5 : items.map((i) => i.judge.continuous as number);

  const [rho, tau] = bootstrapMany(n, (p) => [spearman(pick(judgeScore, p), pick(humanMean, p)), kendallTauB(pick(judgeScore, p), pick(humanMean, p))], draws, level) as [Estimate, Estimate];

  let bucketed: AgreementReport["bucketed"] = null;
  const fields = protocol === "mixed" ? undefined : PROTOCOLS[protocol].result.fields(rubric?.overallKey ?? DEFAULT_OVERALL_KEY);
  const bucketField = agnostic ? undefined : fields?.bucketed?.join(".");
  if (bucketField) {
    const buckets = overallBuckets(rubric);
    const judgeBucket = items.map((i) => i.judge.bucketed as number);
    const stray = items.find((i) => !buckets.includes(i.judge.bucketed as number));
    if (stray) {
      throw new AgreementInputError(`${files.results}:${stray.line}: the bucketed overall ${stray.judge.bucketed} is not one of the buckets ${buckets.join("/")}; pass --rubric <id|path> with the rubric the results were scored with`);
    }
    const humanBucket = humanMean.map((m) => humanMeanToBucket(m, buckets));
    const [bRho, kappa] = bootstrapMany(n, (p) => [spearman(pick(judgeBucket, p), pick(humanBucket, p)), quadraticKappa(pick(judgeBucket, p), pick(humanBucket, p), buckets)], draws, level) as [Estimate, Estimate];
    bucketed = { field: bucketField, buckets, humanMapping: describeHumanBucketMapping(buckets), spearman: bRho, quadraticKappa: kappa };
  }

  const raters = Math.max(...items.map((i) => i.ratings.length));
  const humanMatrix: Rating[][] = Array.from({ length: raters }, (_, k) => items.map((i) => i.ratings[k] ?? null));
  const withJudge = [...humanMatrix, judge1to5];
  const [alphaHumans, alphaJudge] = bootstrapMany(n, (p) => [krippendorffAlpha(humanMatrix, "interval", Array.from(p)), krippendorffAlpha(withJudge, "interval", Array.from(p))], draws, level) as [Estimate, Estimate];

  const ratings = items.map((i) => i.ratings);
  const full = oneMoreAnnotator(judgeScore, ratings);
  const [omHuman, omJudge, omDiff, omHumanPooled, omJudgePooled] = bootstrapMany(
    n,
    (p) => {
      const r = oneMoreAnnotator(judgeScore, ratings, p);
      return [r.human, r.judge, r.human === null || r.judge === null ? null : r.judge - r.human, r.humanPooled, r.judgePooled];
    },
    draws,
    level,
  ) as [Estimate, Estimate, Estimate, Estimate, Estimate];

  const criteria = agnostic ? [] : criterionAgreement(items, humanMean, draws, level, rubric);
  const notes = [...(options.notes ?? []), ...constantNotes(judgeScore, bucketed ? items.map((i) => i.judge.bucketed as number) : [], items, criteria)];
  const continuousField = fields ? `${fields.continuous.join(".")}${agnostic ? " rescaled to 1–5" : ""}` : "continuous score rescaled to 1–5";
  return {
    results: files.results,
    labels: files.labels,
    protocol,
    rubric: rubric?.id ?? (new Set(items.map((i) => i.judge.rubric)).size === 1 ? (items[0]?.judge.rubric ?? null) : null),
    protocolAgnostic: agnostic,
    counts: joined.counts,
    bootstrap: { resamples, seed, level, method: "percentile bootstrap over dialogues (mulberry32), every measure on the same resamples" },
    continuous: { field: continuousField, spearman: rho, kendall: tau },
    bucketed,
    krippendorff: {
      metric: "interval",
      humans: alphaHumans,
      withJudge: alphaJudge,
      judgeRescale: "judge's continuous score mapped linearly onto 1–5 (20–100 → 1–5; checklist 0–1 → 1–5) and added as one more rater; raters are positional (the k-th rating)",
    },
    oneMoreAnnotator: {
      definition:
        "for each rater position k (the k-th rating), over dialogues with a k-th rating and ≥ 2 others: ρ(rater k, mean of the others) and ρ(judge, mean of the same others); averaged over k weighted by each position's dialogue count",
      positions: full.positions,
      human: omHuman,
      judge: omJudge,
      difference: omDiff,
      humanUnweighted: full.humanUnweighted,
      judgeUnweighted: full.judgeUnweighted,
      humanPooled: omHumanPooled,
      judgePooled: omJudgePooled,
    },
    criteria,
    verdict: verdict(omJudge, omHuman, omDiff, level),
    notes,
  };
}

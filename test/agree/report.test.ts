import { describe, expect, it } from "vitest";
import { formatAgreementReport } from "../../agreement/format.js";
import { joinResults } from "../../agreement/join.js";
import { parseResults } from "../../agreement/read-results.js";
import { buildAgreementReport } from "../../agreement/report.js";
import { describeHumanBucketMapping, humanMeanToBucket, toHumanScale } from "../../agreement/scales.js";
import { parseDialogues } from "../../dialogues/read.js";
import { krippendorffAlpha } from "../../metrics/krippendorff.js";
import { loadRubric } from "../../rubrics/load.js";
import { jsonl, panelLine, ussDialogue } from "./helpers.js";

const BUCKETS = [20, 40, 60, 80, 100];

describe("scales", () => {
  it("maps the human mean 1–5 linearly onto 20–100 and floors it to a bucket", () => {
    expect([1, 2, 2.5, 3, 3.67, 4, 4.67, 5].map((m) => humanMeanToBucket(m, BUCKETS))).toEqual([20, 40, 40, 60, 60, 80, 80, 100]);
    // 13/3 = 4.333…: 20·4.333 = 86.67 → 80; float noise never drops an exact 4 to 60.
    expect(humanMeanToBucket((4 + 4 + 5) / 3, BUCKETS)).toBe(80);
    expect(humanMeanToBucket((4 + 4 + 4) / 3, BUCKETS)).toBe(80);
    expect(describeHumanBucketMapping(BUCKETS)).toBe("human mean m (1–5) → 20 + 20·(m − 1) on 20–100, then floored to the bucket 20/40/60/80/100");
  });

  it("rescales judge scores onto 1–5", () => {
    expect(toHumanScale(20, { min: 20, max: 100 })).toBe(1);
    expect(toHumanScale(85, { min: 20, max: 100 })).toBe(4.25);
    expect(toHumanScale(0.5, { min: 0, max: 1 })).toBe(3);
  });
});

// Six labelled dialogues; judge scores chosen so that every measure can be checked by hand.
const RATINGS = [
  [1, 2, 2],
  [2, 2, 3],
  [3, 3, 3],
  [4, 3, 4],
  [5, 4, 4],
  [5, 5, 5, 4],
];
const LABELS = RATINGS.map((r, i) => ussDialogue(`request ${i}`, r)).join("\n\n");
const dialogues = parseDialogues(LABELS, "labels.tsv");

function report(lines: Record<string, unknown>[], protocolAgnostic = false) {
  const joined = joinResults(parseResults(jsonl(lines), "r.jsonl"), dialogues, "labels.tsv", "r.jsonl");
  return buildAgreementReport(joined, { results: "r.jsonl", labels: "labels.tsv" }, { resamples: 200, seed: 5, protocolAgnostic, rubric: loadRubric("ccpe-strict") });
}

describe("the agreement report", () => {
  // Judge averages rise with the human means except dialogues 3 and 4 swapped.
  const lines = [
    panelLine(0, 30, 20, { TaskSuccess: 20, Fluency: 100 }),
    panelLine(1, 45, 40, { TaskSuccess: 40, Fluency: 100 }),
    panelLine(2, 62, 60, { TaskSuccess: 60, Fluency: 100 }),
    panelLine(3, 88, 80, { TaskSuccess: 80, Fluency: 80 }),
    panelLine(4, 84, 80, { TaskSuccess: 100, Fluency: 80 }),
    panelLine(5, 96, 80, { TaskSuccess: 100, Fluency: 80 }),
  ];
  const r = report(lines);

  it("correlates the continuous score with the human mean", () => {
    // Human means 1.667, 2.333, 3, 3.667, 4.333, 4.75 (ranks 1…6); judge ranks 1,2,3,5,4,6:
    // Spearman = 1 − 6·Σd²/(n(n²−1)) = 1 − 6·2/210 = 0.942857; Kendall: one discordant pair of 15 → (14 − 1)/15 = 0.866667.
    expect(r.continuous.field).toBe("referee_final.numeric_weighted_average");
    expect(r.continuous.spearman.value).toBeCloseTo(1 - 12 / 210, 12);
    expect(r.continuous.kendall.value).toBeCloseTo(13 / 15, 12);
    expect(r.continuous.spearman.n).toBe(6);
    expect(r.continuous.spearman.low as number).toBeLessThanOrEqual(r.continuous.spearman.high as number);
  });

  it("compares the bucketed overall with the human mean mapped to the same buckets", () => {
    // Human buckets: 1.667 → 33.3 → 20; 2.333 → 46.7 → 40; 3 → 60; 3.667 → 73.3 → 60; 4.333 → 86.7 → 80; 4.75 → 95 → 80.
    // Judge buckets 20, 40, 60, 80, 80, 80: one disagreement (80 vs 60, one step of 4 → w = 1/16).
    // κ_w: observed Σ w·O = (1/16)/6 = 1/96. Marginals over 20…100: judge (1,1,1,3,0), human (1,1,2,2,0);
    // Σ (i − j)²·a_i·b_j = 27 + 11 + 7 + 45 = 90 → expected Σ w·E = 90/16/36 = 90/576.
    // κ_w = 1 − (1/96)/(90/576) = 1 − 6/90 = 14/15.
    expect(r.bucketed?.buckets).toEqual(BUCKETS);
    expect(r.bucketed?.quadraticKappa.value).toBeCloseTo(14 / 15, 12);
    // Spearman of the buckets: judge [20,40,60,80,80,80] vs human [20,40,60,60,80,80] = 0.906693 (scipy.stats.spearmanr).
    expect(r.bucketed?.spearman.value).toBeCloseTo(0.9066928292470475, 10);
  });

  it("gives Krippendorff's α of the humans alone and with the judge rescaled to 1–5", () => {
    const humans = [0, 1, 2, 3].map((k) => RATINGS.map((r) => r[k] ?? null));
    expect(r.krippendorff.humans.value).toBeCloseTo(krippendorffAlpha(humans, "interval") as number, 12);
    const judge = [30, 45, 62, 88, 84, 96].map((v) => 1 + (v - 20) / 20);
    expect(r.krippendorff.withJudge.value).toBeCloseTo(krippendorffAlpha([...humans, judge], "interval") as number, 12);
  });

  it("reports criterion vs OVERALL with the rubric's human counterpart", () => {
    expect(r.criteria.map((c) => [c.criterion, c.humanCounterpart, c.comparedWith, c.n])).toEqual([
      ["TaskSuccess", "OVERALL", "OVERALL", 6],
      ["Fluency", null, "OVERALL", 6],
    ]);
    // Fluency is 100 on the three lowest-rated, 80 on the three highest: ranks tied in two groups → ρ = −0.878310 (scipy).
    expect(r.criteria[1]?.spearman.value).toBeCloseTo(-0.8783100656536799, 10);
  });

  it("states the verdict from the one-more-annotator means", () => {
    const om = r.oneMoreAnnotator;
    // Here the humans agree among themselves (0.976) a little more than the judge with them (0.943).
    expect(om.judge.value as number).toBeLessThan(om.human.value as number);
    expect(r.verdict.judgeAtLeastOneHuman).toBe(false);
    expect(r.verdict.line).toMatch(/^judge < one human: ρ\(judge, others\) -?\d\.\d\d \[.+\] vs ρ\(human, others\) -?\d\.\d\d \[.+\]; difference/);
    expect(om.difference.value).toBeCloseTo((om.judge.value as number) - (om.human.value as number), 12);
    expect(formatAgreementReport(r)).toContain("verdict: judge < one human");
  });

  it("fails on mixed protocols unless protocol-agnostic, then rescales each line to 1–5", () => {
    const mixed = [...lines.slice(0, 5), { dialogue_id: 5, overall_score: 4.9, meta: { protocol: "consensus" } }];
    expect(() => report(mixed)).toThrow(/results of several protocols \(panel, consensus\).*--protocol-agnostic/);
    const agnostic = report(mixed, true);
    expect(agnostic.protocol).toBe("mixed");
    expect(agnostic.bucketed).toBeNull();
    expect(agnostic.criteria).toEqual([]);
    // 4.9 on 1–5 stays the top score, as 96 did: the same ranks as before.
    expect(agnostic.continuous.spearman.value).toBeCloseTo(1 - 12 / 210, 12);
  });

  it("fails on a bucketed overall that is not one of the rubric's buckets, naming the line", () => {
    const odd = [...lines.slice(0, 5), panelLine(5, 96, 90)];
    expect(() => report(odd)).toThrow("r.jsonl:6: the bucketed overall 90 is not one of the buckets 20/40/60/80/100; pass --rubric <id|path> with the rubric the results were scored with");
  });

  it("is deterministic for a seed", () => {
    expect(report(lines)).toEqual(r);
  });
});

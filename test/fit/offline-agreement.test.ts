/**
 * The offline judge against USS human ratings, on the footing of one human: ρ(judge, the other raters'
 * mean) beside ρ(one human, the same mean). Fitted on one dataset and judged on the other (the fit
 * never sees the test data; its hyper-parameters are the shipped ones, chosen by nested CV in
 * scripts/fit-offline.ts), and the offline protocols keep the evaluator's ranking.
 */
import { describe, expect, it } from "vitest";
import { readDialogues } from "../../dialogues/read.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { meanOverallRating } from "../../dialogues/dialogue.js";
import { toSample, type Sample } from "../../scripts/fit/fit.js";
import { crossDomain, shippedOptions } from "../../scripts/fit/validate.js";
import { offlineWeights } from "../../judges/offline/model.js";
import { loadRubric } from "../../rubrics/load.js";
import { spearman } from "../../metrics/spearman.js";
import { evaluateMany } from "../../index.js";
import { ussFile } from "../support/uss-data.js";


async function dialogues(dataset: string): Promise<Dialogue[]> {
  const out: Dialogue[] = [];
  for await (const d of readDialogues(ussFile(`${dataset}.txt`))) out.push(d);
  return out;
}

async function samples(): Promise<Sample[]> {
  const out: Sample[] = [];
  for (const dataset of ["CCPE", "MWOZ"]) for (const d of await dialogues(dataset)) out.push(toSample(dataset, d) as Sample);
  return out;
}

describe("the offline judge across domains (needs the USS data)", () => {
  it("fitted on CCPE, judges MWOZ at least as one human does, and the reverse", async () => {
    const all = await samples();
    const rubric = loadRubric("customer-service");
    for (const [trainOn, testOn] of [
      ["CCPE", "MWOZ"],
      ["MWOZ", "CCPE"],
    ] as const) {
      const result = crossDomain(all, trainOn, testOn, offlineWeights(), rubric, shippedOptions(offlineWeights())).perDataset[testOn];
      expect(result?.n).toBe(testOn === "CCPE" ? 500 : 1000);
      // The evaluator's weighted average, and the panel's after critic and referee.
      expect(result?.evaluator, `${trainOn} → ${testOn}`).toBeGreaterThanOrEqual(result?.human as number);
      expect(result?.panel, `${trainOn} → ${testOn}`).toBeGreaterThanOrEqual(result?.human as number);
      // The gap the fit reports with its bootstrap interval: the same two ρs, an interval around it.
      const gap = result?.evaluatorMinusHuman;
      expect(gap?.value).toBeCloseTo((result?.evaluator as number) - (result?.human as number), 12);
      expect(gap?.low).toBeLessThan(gap?.value as number);
      expect(gap?.high).toBeGreaterThan(gap?.value as number);
    }
  }, 300_000);
});

/** ρ with the human OVERALL mean of the dialogues, per protocol line reader. */
async function rankings(protocol: "panel" | "consensus", data: readonly Dialogue[]): Promise<{ start: number; final: number }> {
  const human = data.map((d) => meanOverallRating(d) as number);
  const start: number[] = [];
  const final: number[] = [];
  const rubric = protocol === "panel" ? loadRubric("customer-service") : loadRubric("customer-service-5");
  for await (const line of evaluateMany(data, { protocol, blind: true, concurrency: 8 }) as AsyncIterable<Record<string, any>>) {
    if (protocol === "panel") {
      start.push(rubric.criteria.reduce((s, c) => s + (c.weight ?? 0) * line.evaluator[c.id].score, 0));
      final.push(line.referee_final.numeric_weighted_average);
    } else {
      const round = line.debate?.[0];
      // Round one's consensus (0.6 strict + 0.4 generous), before any debate; the final after it.
      start.push(round ? 0.6 * round.strict.before.overall + 0.4 * round.generous.before.overall : line.overall_score);
      final.push(line.overall_score);
    }
  }
  return { start: spearman(start, human) as number, final: spearman(final, human) as number };
}

describe("the offline protocols keep the evaluator's ranking (needs the USS data)", () => {
  it.each(["CCPE", "MWOZ"])("%s: the panel's critic and referee, and the consensus debate, never lower ρ with the human mean", async (dataset) => {
    const data = await dialogues(dataset);
    const panel = await rankings("panel", data);
    expect(panel.final).toBeGreaterThanOrEqual(panel.start);
    const consensus = await rankings("consensus", data);
    expect(consensus.final).toBeGreaterThanOrEqual(consensus.start);
  }, 300_000);
});

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readDialogues } from "../../dialogues/read.js";
import { crossValidate, toSample, type Sample } from "../../scripts/fit/fit.js";
import { offlineWeights } from "../../judges/offline/model.js";
import { loadRubric } from "../../rubrics/load.js";

const dataDir = process.env.TRIBUNAL_DATA_DIR;

async function samples(dataset: string): Promise<Sample[]> {
  const out: Sample[] = [];
  for await (const d of readDialogues(join(dataDir as string, "uss", `${dataset}.txt`))) {
    const s = toSample(dataset, d);
    if (s) out.push(s);
  }
  return out;
}

describe("the offline judge fitted to USS human ratings", () => {
  it("reaches one human rater's agreement in 5-fold cross-validation (CCPE ≥ 0.29, MWOZ ≥ 0.27)", async () => {
    expect(dataDir, "TRIBUNAL_DATA_DIR must point at ../shared/data (.ci/run sets it)").toBeTruthy();
    const all = [...(await samples("CCPE")), ...(await samples("MWOZ"))];
    const weights = offlineWeights();
    const cv = weights.cv as { folds: number; seed: number; lambda: number; spread: number };
    const result = crossValidate(all, weights, loadRubric("customer-service"), { folds: cv.folds, seed: cv.seed, lambda: cv.lambda, spread: cv.spread });
    // The panel's numeric_weighted_average, after critic and referee, against the human mean.
    expect(result.perDataset.CCPE?.panel).toBeGreaterThanOrEqual(0.29);
    expect(result.perDataset.MWOZ?.panel).toBeGreaterThanOrEqual(0.27);
  }, 120_000);
});

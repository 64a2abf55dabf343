// Fits the offline judge's shared coefficients to the USS human ratings and writes judges/offline/weights.json.
// Usage: npm run fit-offline -- <data dir with uss/CCPE.txt and uss/MWOZ.txt> [--dry-run]
// LAMBDA and SPREAD were chosen by this same cross-validation (λ ∈ {20, 100, 300, 1000}, spread ∈ {1, 2, 3}).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readDialogues } from "../dialogues/read.js";
import { crossValidate, fitShared, toSample, type Sample } from "./fit/fit.js";
import { OfflineWeights } from "../judges/offline/model.js";
import { loadRubric } from "../rubrics/load.js";

const FOLDS = 5;
const SEED = 20211111;
const LAMBDA = 300;
const SPREAD = 3;
const DATASETS = ["CCPE", "MWOZ"];
const WEIGHTS_FILE = new URL("../judges/offline/weights.json", import.meta.url);

const [dataDir, ...flags] = process.argv.slice(2);
if (!dataDir) {
  process.stderr.write("usage: npm run fit-offline -- <data dir containing uss/CCPE.txt and uss/MWOZ.txt> [--dry-run]\n");
  process.exit(2);
}

const samples: Sample[] = [];
for (const dataset of DATASETS) {
  const file = join(dataDir, "uss", `${dataset}.txt`);
  if (!existsSync(file)) {
    process.stderr.write(`fit-offline: ${file} not found\n`);
    process.exit(2);
  }
  for await (const dialogue of readDialogues(file)) {
    const sample = toSample(dataset, dialogue);
    if (sample) samples.push(sample);
  }
}

const base = OfflineWeights.parse(JSON.parse(readFileSync(WEIGHTS_FILE, "utf8")));
const rubric = loadRubric("customer-service");
const cv = crossValidate(samples, base, rubric, { folds: FOLDS, seed: SEED, lambda: LAMBDA, spread: SPREAD });
const fmt = (x: number | null) => (x === null ? "n/a" : x.toFixed(3));
process.stdout.write(`${FOLDS}-fold CV by dialogue (seed ${SEED}, ridge λ ${LAMBDA}, spread ${SPREAD}), Spearman with the human OVERALL mean:\n`);
process.stdout.write("dataset  n     shared  evaluator  panel  OverallExperience\n");
for (const [dataset, a] of Object.entries(cv.perDataset)) {
  process.stdout.write(`${dataset.padEnd(8)} ${String(a.n).padEnd(5)} ${fmt(a.shared).padEnd(7)} ${fmt(a.evaluator).padEnd(10)} ${fmt(a.panel).padEnd(6)} ${fmt(a.overall)}\n`);
}

const fitted = fitShared(samples, LAMBDA, SPREAD);
const weights: OfflineWeights = {
  ...base,
  source: `fitted by scripts/fit-offline.ts on USS ${DATASETS.join(" + ")} (Sun et al., SIGIR 2021): ${samples.length} dialogues, mean OVERALL rating as the target; criteria adjustments hand-set`,
  date: new Date().toISOString().slice(0, 10),
  cv: { folds: FOLDS, seed: SEED, lambda: LAMBDA, spread: SPREAD, spearman: cv.perDataset },
  ...fitted,
};
if (flags.includes("--dry-run")) {
  process.stdout.write("dry run: weights not written\n");
} else {
  writeFileSync(WEIGHTS_FILE, `${JSON.stringify(OfflineWeights.parse(weights), null, 2)}\n`);
  process.stdout.write(`wrote ${WEIGHTS_FILE.pathname}\n`);
}

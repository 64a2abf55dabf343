// Fits the offline judge to the USS human ratings and writes judges/offline/weights.json and turn-model.json
// (each left untouched when the fit is the same and only its date would change).
// Usage: npm run fit-offline -- <data dir with uss/CCPE.txt and uss/MWOZ.txt> [--dry-run] [--bits 14] [--ngrams 1] [--shared-lambdas 20,100,300,1000] [--pooled]
// Every figure printed is honest: hyper-parameters are chosen inside each training set (nested CV), and
// the cross-domain rows fit on one dataset and judge the other. Agreement is ρ(judge, the other raters'
// mean) beside ρ(one human, the same mean): the same statistic, the same dialogues.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { readDialogues } from "../dialogues/read.js";
import { writeFitFile } from "./fit/fit-file.js";
import { toSample, type Agreement, type Sample } from "./fit/fit.js";
import { crossDomain, nestedCrossValidation, selectAndFit, type FitOptions, type Validation } from "./fit/validate.js";
import { OfflineWeights, offlineWeights } from "../judges/offline/model.js";
import { TurnModel } from "../judges/offline/turn-model.js";
import { loadRubric } from "../rubrics/load.js";

const DATASETS = ["CCPE", "MWOZ"];
/** `--bits 13` / `--ngrams 2` / `--shared-lambdas 20,100`: the turn model's hashing space and longest n-gram, the shared λ grid (for trying variants with --dry-run). */
const flagValue = (name: string): string | undefined => {
  const args = process.argv.slice(2);
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const OPTIONS: FitOptions & { outerFolds: number } = {
  // Spreads from 2: at 1 most dialogues land on two levels of a five-level scale, and ties discard ranking.
  grid: { turnLambdas: [1, 3, 10], sharedLambdas: (flagValue("--shared-lambdas") ?? "20,100,300,1000").split(",").map(Number), spreads: [2, 3, 4] },
  bits: Number(flagValue("--bits") ?? 14),
  ngrams: Number(flagValue("--ngrams") ?? 1),
  // Turn and dialogue targets standardised within each dataset before a fit on both (`--pooled`: as rated).
  perDataset: !process.argv.includes("--pooled"),
  folds: 4,
  outerFolds: 5,
  seed: 20211111,
};
const WEIGHTS_FILE = new URL("../judges/offline/weights.json", import.meta.url);
const TURN_MODEL_FILE = new URL("../judges/offline/turn-model.json", import.meta.url);

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

const base = offlineWeights();
const rubric = loadRubric("customer-service");
const fmt = (x: number | null | undefined) => (x === null || x === undefined ? "n/a" : x.toFixed(3));
const gap = ({ value, low, high }: Agreement["evaluatorMinusHuman"]) => `${value !== null && value >= 0 ? "+" : ""}${fmt(value)} [${fmt(low)}, ${fmt(high)}]`;
const row = (label: string, a: Agreement) =>
  `${label.padEnd(24)} ${String(a.n).padEnd(5)} ${fmt(a.human).padEnd(7)} ${fmt(a.shared).padEnd(7)} ${fmt(a.evaluator).padEnd(10)} ${fmt(a.panel).padEnd(6)} ${fmt(a.overall).padEnd(18)} ${gap(a.evaluatorMinusHuman)}\n`;
const print = (label: string, v: Validation) => {
  for (const [dataset, a] of Object.entries(v.perDataset)) process.stdout.write(row(`${label} ${dataset}`, a));
};

process.stdout.write(`ρ(x, mean of the other raters) per dialogue (agreement/one-more.ts); customer-service rubric, offline panel, blind\n`);
process.stdout.write(`${"".padEnd(24)} n     human   shared  evaluator  panel  OverallExperience  evaluator − human [95 % CI, bootstrap over dialogues]\n`);
const nested = nestedCrossValidation(samples, base, rubric, OPTIONS);
print(`nested ${OPTIONS.outerFolds}-fold CV`, nested);
const ccpeToMwoz = crossDomain(samples, "CCPE", "MWOZ", base, rubric, OPTIONS);
print("fit CCPE, judge", ccpeToMwoz);
const mwozToCcpe = crossDomain(samples, "MWOZ", "CCPE", base, rubric, OPTIONS);
print("fit MWOZ, judge", mwozToCcpe);

process.stdout.write(`\nρ(x, mean of the other raters) per rated turn (the same statistic, turn by turn); the turn model held out as above\n`);
process.stdout.write(`${"".padEnd(24)} turns  human   turn model\n`);
for (const [label, v] of [[`nested ${OPTIONS.outerFolds}-fold CV`, nested], ["fit CCPE, judge", ccpeToMwoz], ["fit MWOZ, judge", mwozToCcpe]] as const) {
  for (const [dataset, t] of Object.entries(v.turns)) process.stdout.write(`${`${label} ${dataset}`.padEnd(24)} ${String(t.n).padEnd(6)} ${fmt(t.human).padEnd(7)} ${fmt(t.turnModel)}\n`);
}
const fitted = selectAndFit(samples, base, rubric, OPTIONS);
process.stdout.write(`chosen on all data: turn λ ${fitted.chosen.turnLambda}, shared λ ${fitted.chosen.sharedLambda}, spread ${fitted.chosen.spread}\n`);
const source = `fitted by scripts/fit-offline.ts on USS ${DATASETS.join(" + ")} (Sun et al., SIGIR 2021): ${samples.length} dialogues`;
const weights: OfflineWeights = {
  ...fitted.weights,
  source: `${source}, mean OVERALL rating as the target (the turn input out of fold); criteria adjustments hand-set`,
  date: new Date().toISOString().slice(0, 10),
  cv: { statistic: "rho(judge, mean of the other raters) beside rho(one human, the same mean)", options: OPTIONS, chosen: fitted.chosen, nested: nested.perDataset, crossDomain: { "CCPE->MWOZ": ccpeToMwoz.perDataset, "MWOZ->CCPE": mwozToCcpe.perDataset }, turns: { nested: nested.turns, "CCPE->MWOZ": ccpeToMwoz.turns, "MWOZ->CCPE": mwozToCcpe.turns } },
};
const turnModel = { ...fitted.turnModel, source: `${source}, ${samples.reduce((s, x) => s + x.rated.length, 0)} rated turns (mean turn rating as the target)` };
if (flags.includes("--dry-run")) {
  process.stdout.write("dry run: weights not written\n");
} else {
  const files = [
    { file: WEIGHTS_FILE, written: writeFitFile(WEIGHTS_FILE, weights, (w) => `${JSON.stringify(OfflineWeights.parse(w), null, 2)}\n`) },
    { file: TURN_MODEL_FILE, written: writeFitFile(TURN_MODEL_FILE, turnModel, (m) => `${JSON.stringify(TurnModel.parse(m))}\n`) },
  ];
  for (const { file, written } of files) process.stdout.write(`${written ? "wrote" : "unchanged (the same fit; only its date would change):"} ${file.pathname}\n`);
}

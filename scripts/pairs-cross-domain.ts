// The offline pairwise judge against people, out of sample: fitted on one USS dataset (the shipped
// hyper-parameters as a one-point grid, the fit itself redone on that dataset alone), it judges every
// pair of the other dataset's dialogues whose human OVERALL means differ by ≥ --min-gap. The shipped
// weights were fitted on CCPE + MWOZ together, so `tribunal agree --pairs` on those files is in-sample;
// these rows are the honest figure. The "shipped, in-sample" rows rerun the same computation with the
// shipped weights and must match `tribunal agree --pairs` on a pairwise run over the same pairs.
//
// Per pair, as nodes/pairwise/offline.ts decides: the rubric-weighted offline quality (0–1) of each side,
// a preference when they differ by more than --margin, else a tie. Also the fitted judge's evaluator
// score (the weighted 20–100 scores scripts/fit/validate.ts `predictHeldOut` reports), with the margin
// scaled to that range. Accuracy counts a tie ½; intervals resample dialogues (agreement/pairs.ts).
//
// Usage: npx tsx scripts/pairs-cross-domain.ts <data dir with uss/CCPE.txt and uss/MWOZ.txt> [--min-gap 1] [--margin 0.02] [--resamples 1000]
import { join } from "node:path";
import { Command, InvalidArgumentError } from "@commander-js/extra-typings";
import { humanSide } from "../agreement/human-side.js";
import { DEFAULT_MIN_GAP, pairAgreement, type MeasuredPair } from "../agreement/pairs.js";
import { formatEstimate } from "../agreement/verdict.js";
import type { Dialogue } from "../dialogues/dialogue.js";
import { readDialogues } from "../dialogues/read.js";
import { judgedTurns } from "../evidence/cues/index.js";
import { modelInputs, offlineWeights, type Inputs, type OfflineWeights } from "../judges/offline/model.js";
import { predictTurns } from "../judges/offline/turn-model.js";
import { offlineVerdicts } from "../judges/offline/verdicts.js";
import { DEFAULT_RESAMPLES, DEFAULT_SEED } from "../metrics/bootstrap.js";
import { PAIRWISE_DEFAULTS } from "../nodes/pairwise/defaults.js";
import { preferenceOf } from "../nodes/pairwise/offline.js";
import { loadRubric } from "../rubrics/load.js";
import type { Rubric } from "../rubrics/schema.js";
import { weightedAverage } from "../scoring/weighted.js";
import { toSample, withTurnRatings, type Sample } from "./fit/fit.js";
import { predictHeldOut, selectAndFit, shippedOptions } from "./fit/validate.js";

const DATASETS = ["CCPE", "MWOZ"] as const;
type Dataset = (typeof DATASETS)[number];

function nonNegative(name: string, integer: boolean) {
  return (value: string): number => {
    const n = Number(value);
    if (value.trim() === "" || !Number.isFinite(n) || n < 0 || (integer && !Number.isInteger(n))) throw new InvalidArgumentError(`${name} must be ${integer ? "a whole number" : "a number"} ≥ 0`);
    return n;
  };
}

/** A dialogue's offline quality overall: its criteria's qualities weighted by the rubric, as the pairwise offline judge reads it. */
function weightedQuality(rubric: Rubric, dialogue: Dialogue, inputs: Inputs, weights: OfflineWeights): number {
  const verdicts = offlineVerdicts(rubric, dialogue, inputs, weights);
  const qualities = Object.fromEntries(rubric.criteria.map((c) => [c.id, verdicts[c.id]?.quality.quality ?? NaN]));
  return weightedAverage(qualities, rubric.criteria).value;
}

const creditOf = (preference: "1" | "2" | "tie", better: "A" | "B") => (preference === "tie" ? 0.5 : (preference === "1") === (better === "A") ? 1 : 0);

/** Every pair (i < j) the humans tell apart, judged on one number per dialogue with the pairwise margin rule. */
function measuredPairs(samples: readonly Sample[], values: readonly number[], margin: number, minGap: number): MeasuredPair[] {
  const pairs: MeasuredPair[] = [];
  for (let i = 0; i < samples.length; i++) {
    for (let j = i + 1; j < samples.length; j++) {
      const human = humanSide((samples[i] as Sample).dialogue, (samples[j] as Sample).dialogue, minGap);
      if (human.kind !== "better") continue;
      const preference = preferenceOf(values[i] as number, values[j] as number, margin);
      pairs.push({ a: i, b: j, credit: creditOf(preference, human.side), consistent: true, criteria: new Map() });
    }
  }
  return pairs;
}

async function samplesOf(dataDir: string, dataset: Dataset): Promise<Sample[]> {
  const out: Sample[] = [];
  for await (const d of readDialogues(join(dataDir, "uss", `${dataset}.txt`))) {
    const sample = toSample(dataset, d);
    if (sample) out.push(sample);
  }
  return out;
}

const program = new Command()
  .name("pairs-cross-domain")
  .argument("<data dir>", "directory holding uss/CCPE.txt and uss/MWOZ.txt")
  .option("--min-gap <d>", "smallest difference of the two human OVERALL means", nonNegative("--min-gap", false), DEFAULT_MIN_GAP)
  .option("--margin <q>", "quality difference (0–1) within which the offline judge calls a tie", nonNegative("--margin", false), PAIRWISE_DEFAULTS.margin)
  .option("--resamples <n>", "bootstrap resamples (over dialogues)", nonNegative("--resamples", true), DEFAULT_RESAMPLES)
  .option("--seed <n>", "bootstrap seed", nonNegative("--seed", true), DEFAULT_SEED)
  .action(async (dataDir, opts) => {
    const rubric = loadRubric("customer-service");
    const scale = rubric.scale.kind === "discrete" ? { min: Math.min(...rubric.scale.values), max: Math.max(...rubric.scale.values) } : { min: 0, max: 1 };
    const data = { CCPE: await samplesOf(dataDir, "CCPE"), MWOZ: await samplesOf(dataDir, "MWOZ") };
    const bootstrap = { resamples: opts.resamples, seed: opts.seed };
    const row = (label: string, test: Dataset, values: readonly number[], margin: number) => {
      const pairs = measuredPairs(data[test], values, margin, opts.minGap);
      const r = pairAgreement(pairs, data[test].length, bootstrap);
      const e = (x: typeof r.accuracy) => formatEstimate(x, 3).padEnd(22);
      process.stdout.write(`${label.padEnd(52)} ${test.padEnd(5)} ${String(pairs.length).padStart(6)}  ${e(r.accuracy)} ${e(r.decisiveAccuracy)} ${formatEstimate(r.tieRate, 3)}\n`);
    };
    process.stdout.write(`pairs with |Δ human mean| ≥ ${opts.minGap}; quality margin ${opts.margin} (evaluator score margin ${opts.margin * (scale.max - scale.min)}); 95 % CIs resample dialogues, ${opts.resamples} resamples\n`);
    process.stdout.write(`${"judge".padEnd(52)} test  ${"pairs".padStart(6)}  ${"accuracy (tie ½)".padEnd(22)} ${"decisive accuracy".padEnd(22)} tie rate\n`);
    for (const test of DATASETS) {
      const shipped = data[test].map((s) => weightedQuality(rubric, s.dialogue, modelInputs(s.dialogue), offlineWeights()));
      row("shipped weights (in-sample), quality", test, shipped, opts.margin);
    }
    for (const [trainOn, test] of [
      ["MWOZ", "CCPE"],
      ["CCPE", "MWOZ"],
    ] as const) {
      const fitted = selectAndFit(data[trainOn], offlineWeights(), rubric, shippedOptions(offlineWeights()));
      const quality = data[test].map((s) => {
        const inputs = withTurnRatings(s, predictTurns(judgedTurns(s.dialogue), fitted.turnModel)).inputs;
        return weightedQuality(rubric, s.dialogue, inputs, fitted.weights);
      });
      row(`fitted on ${trainOn} (out of sample), quality`, test, quality, opts.margin);
      const evaluator = predictHeldOut(fitted, rubric, data[test]).map((p) => p.evaluator);
      row(`fitted on ${trainOn} (out of sample), evaluator score`, test, evaluator, opts.margin * (scale.max - scale.min));
    }
  });

try {
  await program.exitOverride().parseAsync(process.argv);
} catch (e) {
  // Commander has printed the usage error; --help exits 0.
  process.exitCode = (e as { exitCode?: number }).exitCode === 0 ? 0 : 2;
}

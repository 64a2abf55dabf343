import { Command, InvalidArgumentError } from "@commander-js/extra-typings";
import { agree, agreePairs, DEFAULT_MIN_GAP, formatAgreementReport, formatPairAgreement, isAgreementInputError } from "../agreement/index.js";
import { DEFAULT_RESAMPLES, DEFAULT_SEED } from "../metrics/bootstrap.js";
import { positiveNumber } from "./evaluate-options.js";
import { reportError } from "./report-error.js";
import { warnOnStderr } from "./warn.js";
import { COMMANDS } from "./overview.js";

function wholeNumber(name: string, min: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`${name} must be a whole number ≥ ${min}`);
    return n;
  };
}

export function registerAgree(program: Command) {
  program
    .command("agree")
    .description(COMMANDS.agree.description)
    .argument("<results.jsonl>", "result lines written by tribunal evaluate (any protocol)")
    .requiredOption("--labels <dialogues>", "the dialogues file the results were produced from, with human ratings (USS OVERALL line)")
    .option("--json", "print one JSON object instead of the tables", false)
    .option("--protocol-agnostic", "compare only the continuous score, rescaled to 1–5 line by line (results of several protocols may be mixed)", false)
    .option("--rubric <id|path>", "rubric for scales and human counterparts (default: the one named in the results)")
    .option("--pairs", "the results are pairwise (tribunal evaluate --protocol pairwise, tribunal compare --out): measure how often the winner is the side with the higher human mean", false)
    .option("--min-gap <d>", `with --pairs: a pair counts only when its two human OVERALL means differ by at least this (default ${DEFAULT_MIN_GAP})`, positiveNumber("--min-gap"))
    .option("--resamples <n>", "bootstrap resamples", wholeNumber("--resamples", 0), DEFAULT_RESAMPLES)
    .option("--seed <n>", "seed of the bootstrap's generator", wholeNumber("--seed", 0), DEFAULT_SEED)
    .addHelpText(
      "after",
      `
Measures (dialogue level, against the mean human OVERALL rating), each with a percentile bootstrap CI:
  Spearman ρ and Kendall τ-b of the judge's continuous score; for panel/barem also the bucketed
  overall (Spearman, quadratic κ) against the human mean mapped 1–5 → 20–100 and floored to a bucket;
  Krippendorff's α (interval) of the humans, and with the judge (rescaled to 1–5) as one more rater;
  "one more annotator": ρ(judge, mean of the others) beside ρ(rater k, mean of the others).

With --pairs (pairwise results; pair.a and pair.b name dialogues of the labels file, by id or
position): accuracy of the winner against the side with the higher human mean (a tie counts ½),
decisive accuracy (ties left out), tie rate, position-consistent share and per-criterion accuracy.
Pairs below --min-gap or with an unrated side are counted and skipped. Pairs share dialogues, so
the intervals resample dialogues, not pairs. Pairs from labelled data: scripts/uss-pairs.ts.

Refuses results scored without --blind by a rubric rule that reads the human ratings (ccpe-strict's
TaskSuccess cap), whether it fired or not: the judge would be compared with labels it saw.

Refuses a labels file whose dialogues are not the ones the results were judged on: each result line
records the hash of its dialogue's turns (meta.source.dialogue_hash), and the labelled dialogue it
joins must hash the same. Lines written before that was recorded are accepted with a warning.

Exit code 0 on success; 2 on bad input, label-reading results and mismatched labels included, and
pairwise results without --pairs.`,
    )
    .action(async (results, opts) => {
      try {
        if (opts.pairs) {
          if (opts.protocolAgnostic || opts.rubric) throw new InvalidArgumentError(`${opts.protocolAgnostic ? "--protocol-agnostic" : "--rubric"} does not apply with --pairs: a pair is scored by its winner`);
          const report = await agreePairs(results, opts.labels, { minGap: opts.minGap ?? DEFAULT_MIN_GAP, resamples: opts.resamples, seed: opts.seed, onWarning: warnOnStderr });
          process.stdout.write(opts.json ? `${JSON.stringify(report)}\n` : formatPairAgreement(report));
          return;
        }
        if (opts.minGap !== undefined) throw new InvalidArgumentError("--min-gap needs --pairs");
        const report = await agree(results, opts.labels, {
          protocolAgnostic: opts.protocolAgnostic,
          resamples: opts.resamples,
          seed: opts.seed,
          onWarning: warnOnStderr,
          ...(opts.rubric ? { rubric: opts.rubric } : {}),
        });
        process.stdout.write(opts.json ? `${JSON.stringify(report)}\n` : formatAgreementReport(report));
      } catch (e) {
        reportError(isAgreementInputError(e) ? new InvalidArgumentError(e.message) : e);
      }
    });
}

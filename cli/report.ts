import { Command, InvalidArgumentError } from "@commander-js/extra-typings";
import { isAgreementInputError } from "../agreement/errors.js";
import { DEFAULT_RESAMPLES, DEFAULT_SEED } from "../metrics/bootstrap.js";
import { isReportError, writeReport } from "../report/index.js";
import { loadRubric } from "../rubrics/load.js";
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

const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function registerReport(program: Command) {
  program
    .command("report")
    .description(COMMANDS.report.description)
    .argument("<results.jsonl>", "result lines written by tribunal evaluate (any protocol, several may be mixed)")
    .requiredOption("-o, --out <report.html>", "the HTML file to write")
    .option("--labels <dialogues>", "the dialogues file with human ratings (USS OVERALL line): adds judge-vs-human agreement, a human column and each dialogue's human rating")
    .option("--dialogues <file>", "the file tribunal evaluate read (dialogues, pairs, submissions): shows each transcript beside its verdicts (default: the --labels file)")
    .option("--title <text>", "the report's title (default: from the results file name)")
    .option("--rubric <id|path>", "rubric for scales and the overall key (default: the built-in rubric each line names)")
    .option("--resamples <n>", "bootstrap resamples for the agreement CIs and the pairwise win rates", wholeNumber("--resamples", 0), DEFAULT_RESAMPLES)
    .option("--seed <n>", "seed of the bootstrap's generator", wholeNumber("--seed", 0), DEFAULT_SEED)
    .addHelpText(
      "after",
      `
The report opens offline in any browser: the chart library is bundled into the file and the data is
embedded once as JSON. Sections follow the protocols in the file: score distributions per protocol
and criterion; panel referee decisions (agreed/accepted/kept/no-op/adopted), rule firings and quote
checks; consensus paths and rounds; checklist outcomes and safety gate trips; pairwise wins, ties and
losses with A's win rate and its CI, position consistency and preferences by criterion; with --labels,
judge vs human scatter, bucket confusion matrix and the figures of tribunal agree (pairwise lines are
left to tribunal agree --pairs); fallbacks, unscored lines, invalid outputs, warnings, tokens and
cost (meta.cost_usd when present); and a searchable, sortable table of every dialogue whose rows open
the evaluator, critic and final scores (a pair: both sides' quotes and every round) with their
quotes, each marked verified or not.

Beside the verdicts, the dialogue panel shows the transcript, every turn with its role, the turns the
verdicts quote highlighted (by the turn a quote records, else by finding its text as the judges do;
a checklist's "Turn N" marks that turn's utterances). The text comes from --dialogues, else from the
--labels file; a line whose dialogue is not in it says so, and so does a report built without either.
With --labels the panel shows the human OVERALL ratings and the table gets a "human" column (mean,
1–5) and "|j − h|": |judge − human| on the humans' 1–5 scale, the judge's continuous score mapped
linearly onto 1–5 (20–100 → 1–5, checklist 0–1 → 1–5, consensus as is), as Krippendorff's α does;
sort by it to see the largest disagreements first. All dialogue text is escaped.
With --labels, a labels file whose dialogues are not the ones the results were judged on (their
meta.source.dialogue_hash) is refused as bad input; lines written before that was recorded get a warning.

Exit code 0 on success; 2 on bad input.`,
    )
    .action(async (results, opts) => {
      try {
        const started = Date.now();
        const { data, bytes } = await writeReport(results, opts.out, {
          resamples: opts.resamples,
          seed: opts.seed,
          onWarning: warnOnStderr,
          ...(opts.labels ? { labels: opts.labels } : {}),
          ...(opts.dialogues ? { dialogues: opts.dialogues } : {}),
          ...(opts.title ? { title: opts.title } : {}),
          ...(opts.rubric ? { rubric: loadRubric(opts.rubric) } : {}),
        });
        const o = data.operations;
        const protocols = data.protocols.map((p) => p.protocol).join(", ");
        process.stderr.write(`tribunal report: ${o.lines} dialogues (${protocols}; ${o.unscored} unscored) in ${((Date.now() - started) / 1000).toFixed(1)} s → ${opts.out} (${megabytes(bytes)})\n`);
      } catch (e) {
        reportError(isAgreementInputError(e) || isReportError(e) ? new InvalidArgumentError(e.message) : e);
      }
    });
}

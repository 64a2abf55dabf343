import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Command, InvalidArgumentError, Option } from "@commander-js/extra-typings";
import { PROTOCOLS } from "../graphs/registry.js";
import { ConfigError } from "../judges/config-error.js";
import { OUTPUT_MODES } from "../judges/configuration.js";
import { DEFAULT_RESAMPLES, DEFAULT_SEED } from "../metrics/bootstrap.js";
import { PAIRWISE_DEFAULTS } from "../nodes/pairwise/defaults.js";
import { isPairJoinError, joinDialogueFiles, type JoinedFiles } from "../nodes/pairwise/join-files.js";
import { pairsFileLine } from "../nodes/pairwise/pairs-file.js";
import { formatComparison, summariseComparison } from "../nodes/pairwise/summary.js";
import { readJurySpec } from "../api/jury-members.js";
import { loadPrices } from "../api/prices.js";
import { isObject, type Json } from "../results/fields.js";
import { evaluateFiles } from "../runs/evaluate-batch.js";
import { JsonlFile } from "../runs/jsonl-out.js";
import { formatResumePlan, idKey, type ResumePlan } from "../runs/resume.js";
import { formatSummary } from "../runs/summary.js";
import { redact } from "../util/redact.js";
import { nonNegativeInt, positiveInt, positiveNumber, temperature, unitInterval, workersOption } from "./evaluate-options.js";
import { createProgress, type ProgressMode } from "./progress.js";
import { reportError } from "./report-error.js";
import { COMMANDS } from "./overview.js";
import { toStdout } from "./stdout.js";

const quoted = (ids: readonly string[], max = 5) => `${ids.slice(0, max).map((id) => JSON.stringify(id)).join(", ")}${ids.length > max ? `, … (${ids.length - max} more)` : ""}`;

function describeJoin(joined: JoinedFiles, aFile: string, bFile: string): string {
  const { pairs, onlyA, onlyB } = joined;
  const left = (ids: readonly string[], file: string) => `${ids.length} only in ${file}${ids.length > 0 ? ` (${quoted(ids)})` : ""}`;
  const notCompared = onlyA.length + onlyB.length > 0 ? `; not compared: ${left(onlyA, aFile)}, ${left(onlyB, bFile)}` : "";
  return `${pairs.length} pair${pairs.length === 1 ? "" : "s"} joined by dialogue id${notCompared}`;
}

/** Every pair's line once --out holds them all: the lines a resume kept and the ones just judged (the last line of an id wins). */
function linesOf(file: string, ids: ReadonlySet<string>): Json[] {
  const byId = new Map<string, Json>();
  for (const raw of readFileSync(file, "utf8").split("\n")) {
    if (raw.trim() === "") continue;
    const line: unknown = JSON.parse(raw);
    if (isObject(line) && ids.has(idKey(line["dialogue_id"]))) byId.set(idKey(line["dialogue_id"]), line);
  }
  return [...byId.values()];
}

function exitCodeOf(summary: { budgetStop?: unknown; unscored: number; withFallback: number; juryIncomplete: number }): number {
  if (summary.budgetStop) return 3;
  return summary.unscored > 0 || summary.withFallback > 0 || summary.juryIncomplete > 0 ? 1 : 0;
}

export function registerCompare(program: Command) {
  program
    .command("compare")
    .description(COMMANDS.compare.description)
    .argument("<a>", "dialogues of version A: any format evaluate reads (USS, JSON/JSONL chat {id, messages}, turn text)")
    .argument("<b>", "dialogues of version B, in any of those formats; a dialogue is compared with the one of the same id in <a>")
    .option("--rubric <id|path>", "built-in rubric id or a JSON/YAML rubric file with a scored scale (default: customer-service)")
    .option("--model <spec>", "offline (deterministic, no network), openai:<model>, azure:<deployment>, anthropic:<model> or google:<model>, as for evaluate; judge=<spec> names the protocol's one role", "offline")
    .option("--jury <models|file>", "a jury instead of one model: every pair is judged once per member, in parallel, and the winner (and each criterion) is the members' majority, a draw a tie; comma-separated models or a YAML/JSON file listing members, as for evaluate")
    .option("--base-url <url>", "where the model is served: an OpenAI-compatible server (e.g. http://localhost:11434/v1 for Ollama), or an Anthropic or Gemini proxy")
    .option("--out <results.jsonl>", "also write the pairwise result lines (one per pair, dialogue_id = the shared id) to this file")
    .option("--resume", "with --out: keep the lines already there and judge only the pairs they lack (same rubric, model and settings)", false)
    .option("--retry-fallbacks", "with --resume: also judge again the lines where the judge fell back to the offline judge", false)
    .option("--pairs-out <pairs.jsonl>", "keep the joined pairs file ({id, a, b} per line, ratings stripped) that is judged; default: a temporary file, removed afterwards")
    .option("--concurrency <n>", "pairs judged at the same time", positiveInt("--concurrency"), 4)
    .addOption(workersOption("pairs"))
    .option("--rpm <n>", "at most this many model requests per minute (retries included)", positiveInt("--rpm"))
    .option("--margin <q>", `offline judge: a side is preferred only when its quality (0–1) is higher by more than this, else a tie`, unitInterval("--margin"), PAIRWISE_DEFAULTS.margin)
    .addOption(new Option("--critique-rounds <n>", "reconsideration rounds when the (A,B) and (B,A) orders disagree (0 or 1)").choices(["0", "1"] as const).default("1" as const))
    .option("--temperature <t>", "sampling temperature of the model (0–2)", temperature, 0)
    .addOption(new Option("--on-failure <mode>", "when an LLM call still fails after retries: use the offline judge (fallback) or leave the pair unscored").choices(["fallback", "unscored"] as const).default("fallback" as const))
    .option("--timeout <ms>", "per-call timeout in milliseconds", positiveInt("--timeout"), 60_000)
    .option("--max-retries <n>", "retries per call after a rate limit, a 5xx, a timeout or a connection error", nonNegativeInt("--max-retries"), 2)
    .addOption(new Option("--output-mode <mode>", "how calls ask for structured answers (auto: the best the server accepts, found by the probe)").choices(OUTPUT_MODES).default("auto" as const))
    .option("--no-probe", "skip the one probe call that checks, before the first pair, that the model answers the comparison contract")
    .option("--max-consecutive-failures <n>", "stop the run (exit 2, lines kept, resumable) when this many calls in a row fail the same way (0: never)", nonNegativeInt("--max-consecutive-failures"), 5)
    .option("--max-input-tokens <n>", "largest input of one request (both dialogues are in every prompt); a pair that needs more is unscored (too_long)", positiveInt("--max-input-tokens"))
    .option("--budget <usd>", "stop launching pairs before the estimated spend passes this many US dollars (exit code 3, resumable with --out --resume)", positiveNumber("--budget"))
    .option("--prices <file>", "JSON price table {\"models\": {\"<model>\": {\"input\": <USD per 1M tokens>, \"output\": …}}} over the bundled one")
    .addOption(new Option("--progress <mode>", "progress on stderr: a bar on a terminal, plain lines otherwise (auto)").choices(["auto", "bar", "lines", "none"] as const).default("auto" as const))
    .option("--progress-interval <s>", "plain progress lines: none in the first <s> seconds, then every 5 % and at least every <s> seconds", positiveNumber("--progress-interval"), 10)
    .option("--resamples <n>", "bootstrap resamples of the win rate's interval", nonNegativeInt("--resamples"), DEFAULT_RESAMPLES)
    .option("--seed <n>", "seed of the bootstrap's generator", nonNegativeInt("--seed"), DEFAULT_SEED)
    .option("--json", "print the comparison as one JSON object instead of the text", false)
    .addHelpText(
      "after",
      `
Each id found in both files makes one pair, A from <a> and B from <b>; ids found in only one file are
listed and not compared. Every pair is judged in both orders, (A,B) and (B,A); when the two disagree,
each order reconsiders once, and a pair still inconsistent is a tie for position bias. Human ratings
in the files are never shown to the judge.

Prints (stdout): A's wins, ties and losses; A's win rate with ties counted ½ and its percentile
bootstrap interval over pairs; the share of pairs judged the same in both orders (position
consistent); the same per criterion. The run's own summary (tokens, cost, fallbacks) goes to stderr.

Example:
  tribunal compare bot-v1.jsonl bot-v2.jsonl --model openai:gpt-4o-mini --out v1-vs-v2.jsonl

Exit codes: 0 when every pair was judged by the requested model; 1 when some were unscored, fell
back to the offline judge or lacked a failed jury member; 2 on bad input (a missing file, result
lines instead of dialogues, no id in common), bad options or a model the probe found unable to
judge; 3 when --budget stopped the run (rerun with --out … --resume).`,
    )
    .action(async (aFile, bFile, opts) => {
      const out = opts.out ? new JsonlFile(opts.out, opts.resume ? "append" : "truncate") : undefined;
      const progress = createProgress(opts.progress as ProgressMode, process.stderr, opts.progressInterval * 1000);
      let scratch: string | undefined;
      try {
        if (opts.resume && !opts.out) throw new ConfigError("--resume needs --out <results.jsonl>: the file whose lines are kept");
        if (opts.retryFallbacks && !opts.resume) throw new ConfigError("--retry-fallbacks needs --resume --out <results.jsonl>");
        const joined = await joinDialogueFiles(aFile, bFile);
        process.stderr.write(`tribunal: ${describeJoin(joined, aFile, bFile)}\n`);
        const pairsFile = opts.pairsOut ?? join((scratch = mkdtempSync(join(tmpdir(), "tribunal-compare-"))), "pairs.jsonl");
        writeFileSync(pairsFile, joined.pairs.map((p) => pairsFileLine(p.id, p.pair.a, p.pair.b)).join(""));
        if (opts.jury && opts.model !== "offline") throw new ConfigError("give either --jury or --model: the jury's members name the models");
        const configurable = {
          ...(opts.jury ? {} : { model: opts.model }),
          ...(opts.rubric ? { rubric: opts.rubric } : {}),
          ...(opts.baseUrl ? { baseUrl: opts.baseUrl } : {}),
          margin: opts.margin,
          critiqueRounds: Number(opts.critiqueRounds),
          onFailure: opts.onFailure,
          timeoutMs: opts.timeout,
          maxRetries: opts.maxRetries,
          outputMode: opts.outputMode,
          temperature: opts.temperature,
          ...(opts.maxInputTokens ? { maxInputTokens: opts.maxInputTokens } : {}),
        };
        const judged: Json[] = [];
        // A scratch pairs file is gone after the run: lines name the two files it was built from.
        const pairsName = opts.pairsOut ?? `pairs of ${aFile} and ${bFile}`;
        const summary = await evaluateFiles([{ path: pairsFile, name: pairsName }], {
          protocol: PROTOCOLS.pairwise,
          concurrency: opts.concurrency,
          workers: opts.workers,
          configurable,
          probe: opts.probe,
          onProbe: (note: string) => process.stderr.write(`${note}\n`),
          breakerLimit: opts.maxConsecutiveFailures,
          ...(opts.jury ? { jury: readJurySpec(opts.jury) } : {}),
          ...(opts.resume && opts.out
            ? { resumeFrom: opts.out, retryFallbacks: opts.retryFallbacks, onResume: (plan: ResumePlan) => process.stderr.write(`${formatResumePlan(plan, opts.out ?? "")}\n`) }
            : {}),
          ...(opts.rpm ? { rpm: opts.rpm } : {}),
          ...(opts.budget ? { budgetUsd: opts.budget } : {}),
          prices: loadPrices(opts.prices),
          write: (line) => {
            judged.push(JSON.parse(line) as Json);
            out?.write(line);
          },
          onProgress: (_done, _total, p) => progress.update(p),
        });
        progress.stop();
        out?.close();
        const lines = opts.resume && opts.out ? linesOf(opts.out, new Set(joined.pairs.map((p) => idKey(p.id)))) : judged;
        const comparison = summariseComparison(lines, { resamples: opts.resamples, seed: opts.seed });
        process.stderr.write(`${redact(formatSummary(summary, opts.out))}\n`);
        if (opts.json) {
          await toStdout(`${redact(JSON.stringify({ a: aFile, b: bFile, join: { pairs: joined.pairs.length, onlyA: joined.onlyA, onlyB: joined.onlyB }, ...comparison }))}\n`);
        } else {
          const header = [`A: ${aFile}`, `B: ${bFile}`, describeJoin(joined, "A", "B")];
          await toStdout(`${redact([...header, "", formatComparison(comparison)].join("\n"))}\n`);
        }
        process.exitCode = exitCodeOf(summary);
      } catch (e) {
        progress.stop();
        reportError(isPairJoinError(e) ? new InvalidArgumentError(e.message) : e);
      } finally {
        try {
          out?.close();
        } catch (e) {
          reportError(e);
        }
        if (scratch) rmSync(scratch, { recursive: true, force: true });
      }
    });
}

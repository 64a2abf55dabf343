import { writeFileSync } from "node:fs";
import { Command, InvalidArgumentError, Option } from "@commander-js/extra-typings";
import { ConfigError } from "../judges/config-error.js";
import { OUTPUT_MODES } from "../judges/configuration.js";
import { loadModelFile } from "../judges/model-assignment.js";
import { compareCandidates } from "../nodes/consensus/compare.js";
import { PROTOCOL_IDS, PROTOCOLS } from "../graphs/registry.js";
import { evaluateFiles } from "../runs/evaluate-batch.js";
import { openInputs, type OpenedInputs } from "../runs/input-sources.js";
import { dryRun, formatDryRun } from "../runs/dry-run.js";
import { formatJuryDryRun, juryDryRun } from "../runs/jury-dry-run.js";
import { formatResumePlan, type ResumePlan } from "../runs/resume.js";
import { JsonlFile } from "../runs/jsonl-out.js";
import { juryMembers, readJurySpec } from "../api/jury-members.js";
import { loadPrices } from "../api/prices.js";
import { loadRubric } from "../rubrics/load.js";
import { formatSummary } from "../runs/summary.js";
import { redact } from "../util/redact.js";
import { EXIT_CODES, nonNegativeInt, positiveInt, positiveNumber, score, temperature, workersOption } from "./evaluate-options.js";
import { EvaluateOutput } from "./evaluate-output.js";
import { OUTPUT_FORMATS, stdoutFormat } from "./output-format.js";
import { createProgress, type ProgressMode } from "./progress.js";
import { reportError } from "./report-error.js";
import { collectSetting, protocolSettings, settingsHelp } from "./set-option.js";
import { rubricSetting } from "./rubric-option.js";
import { COMMANDS } from "./overview.js";
// --queue (many machines on a Redis queue): the run goes to BullMQ, `tribunal worker`s judge it.
import { evaluateOnQueue } from "../runs/queue/submit.js";
import { QUEUE_HELP, queueNameOption, queueRun } from "./queue-options.js";
import { toStdout } from "./stdout.js";

export function registerEvaluate(program: Command) {
  program
    .command("evaluate")
    .description(COMMANDS.evaluate.description)
    .argument(
      "<files...>",
      "dialogue files, quoted glob patterns ('dir/*.jsonl') or - for standard input: USS tab-separated, the space-separated few-shot layout, JSON/JSONL chat (OpenAI messages with tool calls, ShareGPT conversations, bare message lists) or User:/Assistant: text (with or without '--- Turn N ---'); ids found in several files are prefixed with the file's name (a.jsonl:0)",
    )
    .addOption(new Option("--protocol <protocol>", "judging protocol").choices(PROTOCOL_IDS).default("panel" as const))
    .option("--rubric <id|path>", "built-in rubric id or a JSON/YAML rubric file (default: the protocol's own)")
    .option("--criteria <list>", "a quick rubric instead of --rubric: \"Name: description; Name2=2: description\" (equal weights unless given as =weight, scaled to sum to 1), on the scale of the protocol's default rubric; checklist criteria take no weight")
    .option("--model <spec>", "offline (deterministic, no network), openai:<model> (OPENAI_API_KEY, OPENAI_BASE_URL; any OpenAI-compatible server), azure:<deployment>, anthropic:<model> (ANTHROPIC_API_KEY) or google:<model> (Gemini: GOOGLE_API_KEY or GEMINI_API_KEY); one per role: evaluator=openai:gpt-4o,critic=anthropic:claude-sonnet-4-5 (an entry without a role is the default)", "offline")
    .option("--jury <models|file>", "a jury instead of one model: the protocol runs once per member, in parallel, and the line aggregates their verdicts (mean of scores then the rubric's bucket; majority YES/NO/NA, a draw to the stricter; majority pairwise winner). Comma-separated models (openai:gpt-4o-mini,anthropic:claude-3-5-haiku) or a YAML/JSON file listing members (- openai:gpt-4o-mini, or {name, model, baseUrl})")
    .option("--models <file>", "YAML or JSON map of role to model ({default: …, evaluator: …, critic: …}), instead of --model")
    .option("--base-url <url>", "where every model of the run is served: an OpenAI-compatible server, e.g. http://localhost:11434/v1 for Ollama, or an Anthropic or Gemini proxy (overrides OPENAI_BASE_URL, ANTHROPIC_BASE_URL, GOOGLE_BASE_URL)")
    .option("--out <results.jsonl>", "write the JSON lines to this file (each line appended whole, JSONL whatever --format says); stdout then stays empty unless --format is given")
    .addOption(new Option("--format <format>", "what stdout shows: table (id, headline score, each criterion, status; printed when the run ends), jsonl (one line per dialogue as it finishes) or json (one array when the run ends) (default: table on a terminal, jsonl when piped; nothing with --out)").choices(OUTPUT_FORMATS))
    .option("--fail-under <score>", "exit 1 when the mean headline score of the scored dialogues is below this, on the rubric's scale (e.g. 60 on a 20–100 panel, 3.5 on 1–5 consensus, 0.75 for a checklist)", score("--fail-under"))
    .option("--fail-under-each <score>", "exit 1 when any scored dialogue's headline score is below this (same scale as --fail-under)", score("--fail-under-each"))
    .option("--resume", "with --out: keep the lines already there and judge only the dialogues they lack (same protocol, rubric, model, prompt version and settings)", false)
    .option("--retry-fallbacks", "with --resume: also judge again the lines where an agent fell back to the offline judge (meta.fallbacks)", false)
    .option("--concurrency <n>", "dialogues judged at the same time", positiveInt("--concurrency"), 4)
    .addOption(workersOption("dialogues"))
    .option("--rpm <n>", "at most this many model requests per minute (retries included), evenly spaced; with --queue, one limit for all workers: one dialogue started every 60 000 × (calls per dialogue, longest path) ÷ n ms (BullMQ's global rate limiter counts dialogues, not calls)", positiveInt("--rpm"))
    .option("--compare", "consensus only: judge every candidate, then print one JSON object {comparison_summary, individual_results} instead of JSON lines", false)
    .option("--set <key=value>", "a setting of the protocol's own, repeatable (listed below), e.g. --set tolerance=0.3 for consensus, --set margin=0.05 for pairwise; values are read as JSON when they can be", collectSetting, [] as string[])
    .option("--blind", "disable rubric rules that read human ratings (for agreement studies)", false)
    .option("--temperature <t>", "sampling temperature of the model (0–2)", temperature, 0)
    .option("--samples <k>", "judge each dialogue k times and report the spread per criterion and how often the bucket flips (meta.stability)", positiveInt("--samples"), 1)
    .addOption(new Option("--on-failure <mode>", "when an LLM call still fails after retries: use the offline judge (fallback) or leave the dialogue unscored").choices(["fallback", "unscored"] as const).default("fallback" as const))
    .option("--timeout <ms>", "per-call timeout in milliseconds", positiveInt("--timeout"), 60_000)
    .option("--max-retries <n>", "retries per call after a rate limit (429, with or without Retry-After), a 5xx, a timeout or a connection error", nonNegativeInt("--max-retries"), 2)
    .addOption(
      new Option("--output-mode <mode>", "how calls ask for structured answers: tools (forced tool call), json_schema, json (JSON mode, schema in the prompt), text (schema in the prompt, first JSON object read); auto: the best the server accepts, found by the probe (tools with --no-probe)")
        .choices(OUTPUT_MODES)
        .default("auto" as const),
    )
    .option("--retry-base <ms>", "first backoff step in ms, doubled on each retry, with jitter; a Retry-After header waits at least as long", nonNegativeInt("--retry-base"), 1_000)
    .option("--no-probe", "skip the one probe call that checks, before the first dialogue, that the model answers the protocol's output contract")
    .option("--max-consecutive-failures <n>", "stop the run (exit 2, lines kept, resumable) when this many calls in a row fail the same way after their retries (0: never)", nonNegativeInt("--max-consecutive-failures"), 5)
    .option("--max-input-tokens <n>", "largest input of one request; a dialogue that needs more is not sent and is unscored (too_long) (default: the model's entry in api/context-windows.json, else 12288; none for offline)", positiveInt("--max-input-tokens"))
    .option("--dry-run", "send nothing: read and check the file, then print the dialogues, calls, estimated input/output tokens, dialogues over the input limit and cost for the whole file (--summary-json also writes it)", false)
    .option("--budget <usd>", "stop launching dialogues before the estimated spend passes this many US dollars (exit code 3, resumable)", positiveNumber("--budget"))
    .option("--prices <file>", "JSON price table {\"models\": {\"<model>\": {\"input\": <USD per 1M tokens>, \"output\": …}}} over the bundled one")
    .addOption(new Option("--progress <mode>", "progress on stderr: a bar on a terminal, plain lines otherwise (auto)").choices(["auto", "bar", "lines", "none"] as const).default("auto" as const))
    .option("--progress-interval <s>", "plain progress lines: none in the first <s> seconds, then every 5 % and at least every <s> seconds", positiveNumber("--progress-interval"), 10)
    .option("--summary-json <file>", "also write the run's summary (counts by kind, tokens, cost, stability) as JSON to this file")
    .option("--queue <redis-url>", QUEUE_HELP)
    .addOption(queueNameOption())
    .addHelpText(
      "after",
      `
Protocols (and the roles --model can name):
${PROTOCOL_IDS.map((id) => `  ${id.padEnd(10)} ${PROTOCOLS[id].description} (default rubric: ${PROTOCOLS[id].defaultRubric}; roles: ${PROTOCOLS[id].roles.join(", ")})`)
  .join("\n")}

Protocol settings (--set key=value):
${settingsHelp()}

${EXIT_CODES}`,
    )
    .action(async (files, opts) => {
      // Opened at the first result line, so bad input never creates or truncates the --out file.
      const out = opts.out && !opts.compare ? new JsonlFile(opts.out, opts.resume ? "append" : "truncate") : undefined;
      const progress = createProgress(opts.progress as ProgressMode, process.stderr, opts.progressInterval * 1000);
      let inputs: OpenedInputs | undefined;
      try {
        const protocol = PROTOCOLS[opts.protocol];
        if (opts.compare && opts.protocol !== "consensus") throw new InvalidArgumentError("--compare needs --protocol consensus");
        if (opts.resume && !opts.out) throw new ConfigError("--resume needs --out <results.jsonl>: the file whose lines are kept");
        if (opts.resume && opts.compare) throw new ConfigError("--resume cannot be combined with --compare");
        if (opts.queue && opts.compare) throw new ConfigError("--queue cannot be combined with --compare: run the comparison without --queue");
        if (opts.retryFallbacks && !opts.resume) throw new ConfigError("--retry-fallbacks needs --resume --out <results.jsonl>: it picks which lines of that file are judged again");
        if (opts.models && opts.model !== "offline") throw new ConfigError("give either --model or --models, not both");
        if (opts.jury && (opts.models || opts.model !== "offline")) throw new ConfigError("give either --jury or --model/--models: the jury's members name the models");
        if (opts.format && (opts.compare || opts.dryRun)) throw new ConfigError(`--format cannot be combined with ${opts.compare ? "--compare (it prints one comparison object)" : "--dry-run (it prints its estimate)"}`);
        const gates = { ...(opts.failUnder !== undefined ? { failUnder: opts.failUnder } : {}), ...(opts.failUnderEach !== undefined ? { failUnderEach: opts.failUnderEach } : {}) };
        if (opts.dryRun && Object.keys(gates).length > 0) throw new ConfigError("--fail-under and --fail-under-each need a run that judges: not with --dry-run");
        const rubric = rubricSetting(opts, protocol);
        const configurable = {
          ...(opts.jury ? {} : { model: opts.models ? loadModelFile(opts.models) : opts.model }),
          ...(rubric ? { rubric } : {}),
          ...(opts.baseUrl ? { baseUrl: opts.baseUrl } : {}),
          blind: opts.blind,
          onFailure: opts.onFailure,
          timeoutMs: opts.timeout,
          maxRetries: opts.maxRetries,
          outputMode: opts.outputMode,
          retryBaseMs: opts.retryBase,
          temperature: opts.temperature,
          ...(opts.maxInputTokens ? { maxInputTokens: opts.maxInputTokens } : {}),
          ...protocolSettings(opts.set, protocol),
        };
        // A plain resume is told by the summary ("resumed: N already done"); lines judged again, here.
        const announceResume = (plan: ResumePlan) => {
          if (plan.redo.unscored + plan.redo.fallback > 0) process.stderr.write(`${formatResumePlan(plan, opts.out ?? "")}\n`);
        };
        const jury = opts.jury ? readJurySpec(opts.jury) : undefined;
        inputs = await openInputs(files, process.stdin);
        if (opts.dryRun) {
          const dryRunOptions = { protocol, configurable, samples: opts.samples, prices: loadPrices(opts.prices) };
          const estimate = jury ? await juryDryRun(inputs.sources, dryRunOptions, juryMembers(jury, protocol)) : await dryRun(inputs.sources, dryRunOptions);
          progress.stop();
          await toStdout("members" in estimate ? formatJuryDryRun(estimate) : formatDryRun(estimate));
          if (opts.summaryJson) writeFileSync(opts.summaryJson, `${JSON.stringify({ dry_run: estimate }, null, 2)}\n`);
          return;
        }
        const collected: Record<string, unknown>[] = [];
        const shown = new EvaluateOutput({
          format: opts.compare ? undefined : stdoutFormat(opts.format, { stdoutIsTTY: process.stdout.isTTY === true, out: opts.out !== undefined }),
          gates,
          resolveReader: () => ({ spec: protocol.result, rubric: loadRubric(rubric ?? protocol.defaultRubric) }),
          ...(opts.resume && opts.out ? { resumedFile: opts.out } : {}),
        });
        const batchOptions: Parameters<typeof evaluateFiles>[1] = {
          protocol,
          concurrency: opts.concurrency,
          workers: opts.workers,
          configurable,
          samples: opts.samples,
          probe: opts.probe,
          onProbe: (note: string) => process.stderr.write(`${note}\n`),
          breakerLimit: opts.maxConsecutiveFailures,
          ...(jury ? { jury } : {}),
          ...(opts.resume && opts.out ? { resumeFrom: opts.out, retryFallbacks: opts.retryFallbacks, onResume: announceResume } : {}),
          ...(opts.rpm ? { rpm: opts.rpm } : {}),
          ...(opts.budget ? { budgetUsd: opts.budget } : {}),
          prices: loadPrices(opts.prices),
          write: async (line) => {
            if (opts.compare) collected.push(JSON.parse(line) as Record<string, unknown>);
            else out?.write(line);
            await toStdout(shown.add(line));
          },
          onProgress: (_done, _total, p) => progress.update(p),
        };
        const summary = opts.queue ? await evaluateOnQueue(inputs.sources, batchOptions, queueRun(opts.queue, opts.queueName)) : await evaluateFiles(inputs.sources, batchOptions);
        progress.stop();
        await toStdout(shown.end());
        if (opts.compare) {
          const comparison = `${redact(JSON.stringify(compareCandidates(collected)))}\n`;
          if (opts.out) {
            const file = new JsonlFile(opts.out, "truncate");
            file.write(comparison);
            file.close();
          } else await toStdout(comparison);
        }
        out?.close();
        if (opts.summaryJson) writeFileSync(opts.summaryJson, `${JSON.stringify({ ...summary, out: opts.out ?? null }, null, 2)}\n`);
        process.stderr.write(`${redact(formatSummary(summary, opts.out))}\n`);
        const verdicts = await shown.gates();
        for (const verdict of verdicts) process.stderr.write(`tribunal: ${redact(verdict.message)}\n`);
        if (summary.budgetStop) process.exitCode = 3;
        else if (summary.unscored > 0 || summary.withFallback > 0 || summary.juryIncomplete > 0 || verdicts.some((v) => !v.passed)) process.exitCode = 1;
      } catch (e) {
        progress.stop();
        reportError(e);
      } finally {
        try {
          out?.close();
        } catch (e) {
          reportError(e);
        }
        await inputs?.close();
      }
    });
}

import { writeFileSync } from "node:fs";
import { Command, Option } from "@commander-js/extra-typings";
import { Redis } from "ioredis";
import { PROTOCOLS } from "../graphs/registry.js";
import { loadRubric } from "../rubrics/load.js";
import type { Rubric } from "../rubrics/schema.js";
import { JsonlFile } from "../runs/jsonl-out.js";
import { collectLines } from "../runs/queue/collect.js";
import { checkRedis } from "../runs/queue/connection.js";
import { jobIdOf } from "../runs/queue/jobs.js";
import { hashOfResultsFile, linesAlreadyIn } from "../runs/queue/results-file.js";
import { findRun, runIds } from "../runs/queue/run-record.js";
import { throwOnMissingLines } from "../runs/queue/submit.js";
import { formatSummary } from "../runs/summary.js";
import { redact } from "../util/redact.js";
import { positiveNumber } from "./evaluate-options.js";
import { EvaluateOutput } from "./evaluate-output.js";
import { OUTPUT_FORMATS, stdoutFormat } from "./output-format.js";
import { COMMANDS } from "./overview.js";
import { createProgress, type ProgressMode } from "./progress.js";
import { queueNameOption, queueTarget } from "./queue-options.js";
import { reportError } from "./report-error.js";
import { toStdout } from "./stdout.js";

export function registerCollect(program: Command) {
  program
    .command("collect")
    .description(COMMANDS.collect.description)
    .requiredOption("--queue <redis-url>", "the Redis the run was submitted to: redis://[:password@]host:port[/db]")
    .addOption(queueNameOption())
    .option("--run <config_hash>", "the run to collect (its meta.config_hash; tribunal evaluate --queue prints it) (default: the run of --out's lines, else the run submitted last)")
    .option("--out <results.jsonl>", "append the lines to this file; the dialogues it already has a line for are skipped (a file of another run is refused, as --resume does)")
    .addOption(new Option("--format <format>", "what stdout shows: table, jsonl or json (default: table on a terminal, jsonl when piped; nothing with --out)").choices(OUTPUT_FORMATS))
    .option("--no-wait", "write the lines finished so far and exit (code 3 when some dialogues are still queued or running)")
    .addOption(new Option("--progress <mode>", "progress on stderr: a bar on a terminal, plain lines otherwise (auto)").choices(["auto", "bar", "lines", "none"] as const).default("auto" as const))
    .option("--progress-interval <s>", "plain progress lines: none in the first <s> seconds, then every 5 % and at least every <s> seconds", positiveNumber("--progress-interval"), 10)
    .option("--summary-json <file>", "also write the collection's summary as JSON to this file")
    .addHelpText(
      "after",
      `
Exit codes: as tribunal evaluate (0 every collected dialogue scored by the requested model; 1 some
unscored or with an offline fallback; 2 Redis unreachable, no such run, a results file of another
run, or dialogues that failed on the workers or left the queue); 3 with --no-wait when some
dialogues are not finished yet (collect again later).`,
    )
    .action(async (opts) => {
      const progress = createProgress(opts.progress as ProgressMode, process.stderr, opts.progressInterval * 1000);
      const out = opts.out ? new JsonlFile(opts.out, "append") : undefined;
      try {
        const target = queueTarget(opts.queue, opts.queueName);
        await checkRedis(target.url);
        const redis = new Redis(target.url, { maxRetriesPerRequest: 20 });
        redis.on("error", () => undefined);
        let record;
        let ids: string[];
        try {
          record = await findRun(redis, target.name, opts.run ?? (opts.out ? hashOfResultsFile(opts.out) : undefined));
          ids = await runIds(redis, target.name, record.hash);
        } finally {
          redis.disconnect();
        }
        const have = opts.out ? await linesAlreadyIn(opts.out, record) : new Set<string>();
        const jobIds = ids.filter((key) => !have.has(key)).map((key) => jobIdOf(record.hash, key));
        const protocol = PROTOCOLS[record.spec.protocol];
        const rubric = record.spec.configurable.rubric as string | Rubric | undefined;
        const shown = new EvaluateOutput({
          format: stdoutFormat(opts.format, { stdoutIsTTY: process.stdout.isTTY === true, out: opts.out !== undefined }),
          gates: {},
          resolveReader: () => ({ spec: protocol.result, rubric: loadRubric(rubric ?? protocol.defaultRubric) }),
        });
        const collected = await collectLines({
          target,
          record,
          jobIds,
          inputs: ids.length,
          skipped: ids.length - jobIds.length,
          wait: opts.wait,
          write: async (line) => {
            out?.write(line);
            await toStdout(shown.add(line));
          },
          onProgress: (_done, _total, p) => progress.update(p),
        });
        progress.stop();
        await toStdout(shown.end());
        out?.close();
        const { summary } = collected;
        if (opts.summaryJson) writeFileSync(opts.summaryJson, `${JSON.stringify({ ...summary, run: record.hash, waiting: collected.waiting, out: opts.out ?? null }, null, 2)}\n`);
        process.stderr.write(`${redact(formatSummary(summary, opts.out))}\n`);
        throwOnMissingLines(collected, "submit the run again with tribunal evaluate --queue");
        if (collected.waiting > 0) {
          process.stderr.write(`tribunal: ${collected.waiting} dialogue${collected.waiting === 1 ? " is" : "s are"} still queued or being judged: collect again later\n`);
          process.exitCode = 3;
        } else if (summary.unscored > 0 || summary.withFallback > 0 || summary.juryIncomplete > 0) process.exitCode = 1;
      } catch (e) {
        progress.stop();
        reportError(e);
      } finally {
        try {
          out?.close();
        } catch (e) {
          reportError(e);
        }
      }
    });
}

import { once } from "node:events";
import { open, type FileHandle } from "node:fs/promises";
import { Command, InvalidArgumentError, Option } from "@commander-js/extra-typings";
import { ConfigError } from "../config/errors.js";
import { compareCandidates } from "../consensus/compare.js";
import { protocolIds, PROTOCOLS } from "../graphs/protocols.js";
import { evaluateFile } from "../runs/evaluate-batch.js";
import { reportError } from "./report-error.js";

/** Opens --out for writing; a path that cannot be written is a bad option, not a crash. */
async function openOut(path: string): Promise<FileHandle> {
  try {
    return await open(path, "w");
  } catch (e) {
    throw new ConfigError(`cannot write --out ${path}: ${(e as Error).message}`);
  }
}

function positiveInt(name: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`${name} must be a whole number ≥ 1`);
    return n;
  };
}

function nonNegativeInt(name: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(`${name} must be a whole number ≥ 0`);
    return n;
  };
}

export function registerEvaluate(program: Command) {
  program
    .command("evaluate")
    .description("Judge every dialogue of a transcript file and write one JSON line per dialogue.")
    .argument("<file>", "dialogues: USS tab-separated, the seeds' few-shot layout, JSON/JSONL chat ({id, messages:[{role, content}]}) or '--- Turn N ---' text")
    .addOption(new Option("--protocol <protocol>", "judging protocol").choices(protocolIds()).default("panel" as const))
    .option("--rubric <id|path>", "built-in rubric id or a JSON/YAML rubric file (default: the protocol's own)")
    .option("--model <spec>", "offline (deterministic, no network), openai:<model> (OPENAI_API_KEY, OPENAI_BASE_URL) or azure:<deployment>", "offline")
    .option("--base-url <url>", "OpenAI-compatible server, e.g. http://localhost:11434/v1 for Ollama (overrides OPENAI_BASE_URL)")
    .option("--out <results.jsonl>", "write the JSON lines to this file instead of stdout")
    .option("--concurrency <n>", "dialogues judged at the same time", positiveInt("--concurrency"), 4)
    .option("--compare", "consensus only: judge every candidate, then print one JSON object {comparison_summary, individual_results} instead of JSON lines", false)
    .option("--blind", "disable rubric rules that read human ratings (for agreement studies)", false)
    .addOption(new Option("--on-failure <mode>", "when an LLM call still fails after retries: use the offline judge (fallback) or leave the dialogue unscored").choices(["fallback", "unscored"] as const).default("fallback" as const))
    .option("--timeout <ms>", "per-call timeout in milliseconds", positiveInt("--timeout"), 60_000)
    .option("--max-retries <n>", "client retries per call", nonNegativeInt("--max-retries"), 2)
    .addHelpText(
      "after",
      `
Protocols:
${protocolIds()
  .map((id) => `  ${id.padEnd(10)} ${PROTOCOLS[id]?.description} (default rubric: ${PROTOCOLS[id]?.defaultRubric})`)
  .join("\n")}

Exit code 0 when every dialogue was scored; 1 when some were unscored; 2 on bad input or options.`,
    )
    .action(async (file, opts) => {
      // Opened at the first result line, so bad input never creates or truncates the --out file.
      let out: FileHandle | undefined;
      try {
        const protocol = PROTOCOLS[opts.protocol];
        if (!protocol) throw new InvalidArgumentError(`unknown protocol ${opts.protocol}`);
        if (opts.compare && opts.protocol !== "consensus") throw new InvalidArgumentError("--compare needs --protocol consensus");
        const collected: Record<string, unknown>[] = [];
        const summary = await evaluateFile(file, {
          protocol,
          concurrency: opts.concurrency,
          configurable: {
            model: opts.model,
            ...(opts.rubric ? { rubric: opts.rubric } : {}),
            ...(opts.baseUrl ? { baseUrl: opts.baseUrl } : {}),
            blind: opts.blind,
            onFailure: opts.onFailure,
            timeoutMs: opts.timeout,
            maxRetries: opts.maxRetries,
          },
          write: async (line) => {
            if (opts.compare) {
              collected.push(JSON.parse(line) as Record<string, unknown>);
              return;
            }
            if (!opts.out) {
              if (!process.stdout.write(line)) await once(process.stdout, "drain");
              return;
            }
            out ??= await openOut(opts.out);
            await out.write(line);
          },
        });
        if (opts.compare) {
          const comparison = `${JSON.stringify(compareCandidates(collected))}\n`;
          if (opts.out) await (out ??= await openOut(opts.out)).write(comparison);
          else if (!process.stdout.write(comparison)) await once(process.stdout, "drain");
        }
        const where = opts.out ? ` → ${opts.out}` : "";
        process.stderr.write(`tribunal: ${summary.scored}/${summary.total} scored, ${summary.withFallback} with offline fallback, ${summary.unscored} unscored in ${(summary.wallMs / 1000).toFixed(1)} s${where}\n`);
        if (summary.unscored > 0) process.exitCode = 1;
      } catch (e) {
        reportError(e);
      } finally {
        await out?.close();
      }
    });
}

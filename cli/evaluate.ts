import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { Command, InvalidArgumentError, Option } from "@commander-js/extra-typings";
import { protocolIds, PROTOCOLS } from "../graphs/protocols.js";
import { evaluateFile } from "../runs/evaluate-batch.js";
import { reportError } from "./report-error.js";

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
      try {
        const protocol = PROTOCOLS[opts.protocol];
        if (!protocol) throw new InvalidArgumentError(`unknown protocol ${opts.protocol}`);
        const out = opts.out ? createWriteStream(opts.out, { flags: "w" }) : undefined;
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
            if (!out) {
              if (!process.stdout.write(line)) await once(process.stdout, "drain");
            } else if (!out.write(line)) await once(out, "drain");
          },
        });
        if (out) await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
        const where = opts.out ? ` → ${opts.out}` : "";
        process.stderr.write(`tribunal: ${summary.scored}/${summary.total} scored, ${summary.withFallback} with offline fallback, ${summary.unscored} unscored in ${(summary.wallMs / 1000).toFixed(1)} s${where}\n`);
        if (summary.unscored > 0) process.exitCode = 1;
      } catch (e) {
        reportError(e);
      }
    });
}

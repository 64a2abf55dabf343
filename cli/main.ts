import type { CommanderError } from "@commander-js/extra-typings";
import { buildOverview, OVERVIEW_ARGS } from "./overview.js";

const args = process.argv.slice(2);
// `tribunal --help` / `--version` need no judging code: the overview answers without loading it.
const overview = args.length === 1 && OVERVIEW_ARGS.includes(args[0] as string);

const { buildProgram } = overview ? { buildProgram: buildOverview } : await import("./program.js");
const tracing = overview ? undefined : await import("./tracing.js");
const program = buildProgram();
const command = (name: string) => program.commands.find((c) => c.name() === name);
const evaluate = command("evaluate");
if (tracing && evaluate) tracing.registerTracingOptions(evaluate);
const compare = command("compare");
if (tracing && compare) tracing.registerTracingOptions(compare, { protocol: "pairwise" });

try {
  await program.parseAsync(process.argv);
} catch (e) {
  // Usage errors were already printed by commander; help and --version exit 0.
  const exitCode = (e as CommanderError).exitCode;
  process.exitCode = exitCode === 0 ? 0 : 2;
}
// Traces of the run, if LangSmith tracing is on: a bounded wait, never a hang.
await tracing?.flushTracesBeforeExit();

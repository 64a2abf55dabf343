import { CommanderError } from "@commander-js/extra-typings";
import { buildProgram } from "./program.js";
import { flushTracesBeforeExit, registerTracingOptions } from "./tracing.js";

const program = buildProgram();
const command = (name: string) => program.commands.find((c) => c.name() === name);
const evaluate = command("evaluate");
if (evaluate) registerTracingOptions(evaluate);
const compare = command("compare");
if (compare) registerTracingOptions(compare, { protocol: "pairwise" });

try {
  await program.parseAsync(process.argv);
} catch (e) {
  // Usage errors were already printed by commander; help and --version exit 0.
  const exitCode = (e as CommanderError).exitCode;
  process.exitCode = exitCode === 0 ? 0 : 2;
}
// Traces of the run, if LangSmith tracing is on: a bounded wait, never a hang.
await flushTracesBeforeExit();

import { Command } from "@commander-js/extra-typings";
import { registerEvaluate } from "./evaluate.js";
import { registerAgree } from "./agree.js";
import { registerCompare } from "./compare.js";
import { registerReport } from "./report.js";

/** The `tribunal` program with every subcommand registered; exported so parsing can be tested. */
export function buildProgram() {
  const program = new Command()
    .name("tribunal")
    .description("Multi-agent LLM judges for conversations: panel, consensus, checklist, barem and pairwise protocols with deterministic, auditable scoring.")
    .version("0.1.0")
    // One line on stderr: the usage hint goes on the error's own line.
    .configureOutput({ outputError: (message, write) => write(`${message.trimEnd()} (run with --help for usage)\n`) })
    .exitOverride();
  registerEvaluate(program);
  registerCompare(program);
  registerAgree(program);
  registerReport(program);
  return program;
}

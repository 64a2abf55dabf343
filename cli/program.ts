import { Command } from "@commander-js/extra-typings";
import { registerEvaluate } from "./evaluate.js";

/** The `tribunal` program with every subcommand registered; exported so parsing can be tested. */
export function buildProgram() {
  const program = new Command()
    .name("tribunal")
    .description("Multi-agent LLM judges for conversations: panel, consensus, checklist and barem protocols with deterministic, auditable scoring.")
    .version("0.1.0")
    .showHelpAfterError("(run with --help for usage)")
    .exitOverride();
  registerEvaluate(program);
  return program;
}

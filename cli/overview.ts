import { Command, Option } from "@commander-js/extra-typings";

/** The program's name, description and version, shared by the full program and the overview. */
export const PROGRAM = {
  name: "tribunal",
  description: "Multi-agent LLM judges for conversations: panel, consensus, checklist, barem and pairwise protocols with deterministic, auditable scoring.",
  version: "0.1.0",
} as const;

/** Each subcommand as the top-level help lists it, in that order; cli/<name>.ts registers the real one. */
export const COMMANDS = {
  evaluate: { args: ["<files...>"], description: "Judge every dialogue of one or more transcript files: one JSON line per dialogue (to --out or a pipe), or a table of scores on a terminal." },
  compare: { args: ["<a>", "<b>"], description: "Judge two versions of an assistant side by side: join two dialogue files by id, judge each pair with the pairwise protocol, and print A's wins, ties and losses." },
  agree: { args: ["<results.jsonl>"], description: "Measure agreement between judge results and the human ratings of the source dialogues (dialogue level, OVERALL; with --pairs, pairwise results)." },
  report: { args: ["<results.jsonl>"], description: "Write one self-contained HTML report (charts, agreement, failures, a searchable per-dialogue table) from the results of tribunal evaluate." },
  // Many machines on one run (tribunal evaluate --queue): see README "Many machines on a Redis queue".
  worker: { args: [], description: "Judge the dialogues of runs queued with tribunal evaluate --queue <redis-url>, on this machine, until stopped (run it on as many machines as you like)." },
  collect: { args: [], description: "Write the lines of a run queued with tribunal evaluate --queue to a JSONL file as the workers finish them (when the submitting process was stopped)." },
} as const;

/** Arguments that only the top-level program answers (its help and version): the overview serves them. */
export const OVERVIEW_ARGS: readonly string[] = ["--help", "-h", "--version", "-V"];

/** The bare program: name, description, version, error output. */
export function baseProgram() {
  return (
    new Command()
      .name(PROGRAM.name)
      .description(PROGRAM.description)
      .version(PROGRAM.version)
      // One line on stderr: the usage hint goes on the error's own line.
      .configureOutput({ outputError: (message, write) => write(`${message.trimEnd()} (run with --help for usage)\n`) })
      .exitOverride()
  );
}

/**
 * The program with each subcommand's name, arguments and description only, for `tribunal --help` and
 * `--version`: it loads none of the judging code, so those answer at once (test/cli checks that its
 * help is the full program's).
 */
export function buildOverview() {
  const program = baseProgram();
  for (const [name, { args, description }] of Object.entries(COMMANDS)) {
    const command = program.command(name).description(description);
    for (const arg of args) command.argument(arg);
    // The real subcommands have options: the listing shows `[options]`.
    command.addOption(new Option("--options").hideHelp());
  }
  return program;
}

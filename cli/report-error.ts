import { isConfigError } from "../judges/config-error.js";
import { isDialogueParseError } from "../dialogues/errors.js";
import { isRubricError } from "../rubrics/errors.js";
import { redact } from "../util/redact.js";

/** One line on stderr and exit code 2 for bad input; never a stack trace for an expected error. */
export function reportError(e: unknown): void {
  const expected = isDialogueParseError(e) || isRubricError(e) || isConfigError(e) || (e as { code?: string })?.code === "commander.invalidArgument";
  const message = redact((e as Error)?.message ?? String(e));
  process.stderr.write(`tribunal: ${expected ? "" : "unexpected error: "}${message.split("\n")[0]}\n`);
  process.exitCode = 2;
}

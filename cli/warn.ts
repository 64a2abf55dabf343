import { redact } from "../util/redact.js";

/** One `tribunal: warning: …` line on stderr: something the user should know that does not stop the command. */
export function warnOnStderr(message: string): void {
  process.stderr.write(`tribunal: warning: ${redact(message)}\n`);
}

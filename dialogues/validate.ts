import type { z } from "zod";
import { Dialogue } from "./dialogue.js";
import { DialogueParseError } from "./errors.js";

/** `messages[3].role` from a zod issue path. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === "number" ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`))
    .join("");
}

/** `messages[3].role: Invalid input: expected string, received number` for the first issue. */
export function describeFirstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "invalid input";
  const where = formatIssuePath(issue.path);
  const more = error.issues.length > 1 ? ` (+${error.issues.length - 1} more)` : "";
  return `${where ? `${where}: ` : ""}${issue.message}${more}`;
}

/**
 * Checks a parsed candidate against the `Dialogue` schema. Every parser passes its output through
 * here, so nothing leaves this folder that the schema would reject.
 */
export function validateDialogue(candidate: Dialogue, file: string, line: number, got: string): Dialogue {
  const result = Dialogue.safeParse(candidate);
  if (!result.success) {
    throw new DialogueParseError(file, line, `a valid dialogue (${describeFirstIssue(result.error)})`, got);
  }
  return result.data;
}

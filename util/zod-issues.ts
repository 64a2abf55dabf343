import type { z } from "zod";

/** `criteria[2].weight` from zod's path array. */
export function issuePath(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === "number" ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`))
    .join("");
}

/** One line per issue: `criteria[2].weight: Invalid input: expected number, received string`. */
export function describeIssues(error: z.ZodError, limit = 5): string {
  const lines = error.issues.slice(0, limit).map((issue) => {
    const where = issuePath(issue.path);
    return where ? `${where}: ${issue.message}` : issue.message;
  });
  const more = error.issues.length - limit;
  return more > 0 ? `${lines.join("; ")}; and ${more} more` : lines.join("; ");
}

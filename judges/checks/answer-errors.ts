import type { z } from "zod";
import { describeIssues } from "../../util/zod-issues.js";
import type { OutputProblem } from "./problems.js";

/** An answer the client itself failed to parse (SyntaxError, ZodError, OutputParserException), as a problem to repair. */
export function outputProblemOf(error: unknown): OutputProblem | undefined {
  const e = (typeof error === "object" && error !== null ? error : {}) as { name?: unknown; message?: unknown; issues?: unknown; lc_error_code?: unknown };
  const name = typeof e.name === "string" ? e.name : "";
  if (/^\$?ZodError$/.test(name) && Array.isArray(e.issues)) return { kind: "schema_invalid", message: describeIssues(error as z.ZodError) };
  if (name === "SyntaxError" || name === "OutputParserException" || e.lc_error_code === "OUTPUT_PARSING_FAILURE") {
    return { kind: "malformed_json", message: `the reply is not valid JSON (${String(e.message ?? "").split("\n")[0]})` };
  }
  return undefined;
}

/** `tribunal report` cannot do what it was asked (the output file cannot be written). */
export class ReportError extends Error {
  override name = "ReportError" as const;
  readonly code = "TRIBUNAL_REPORT_ERROR";
}

export function isReportError(e: unknown): e is ReportError {
  return typeof e === "object" && e !== null && (e as { name?: unknown }).name === "ReportError";
}

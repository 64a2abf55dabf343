export class RubricError extends Error {
  override name = "RubricError" as const;
  readonly code = "TRIBUNAL_BAD_RUBRIC";
  constructor(
    readonly rubric: string,
    detail: string,
  ) {
    super(`rubric ${rubric}: ${detail}`);
  }
}

export function isRubricError(e: unknown): e is RubricError {
  return typeof e === "object" && e !== null && (e as { name?: unknown }).name === "RubricError";
}

/** A graph run's input that names no dialogue, or more than one: the message says what to send. */
export class InputError extends Error {
  override name = "InputError" as const;
  readonly code = "TRIBUNAL_BAD_INPUT" as const;
}

export function isInputError(e: unknown): e is InputError {
  return typeof e === "object" && e !== null && (e as { name?: unknown }).name === "InputError";
}

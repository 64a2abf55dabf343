/** A bad option or setting: the message says what to use instead. */
export class ConfigError extends Error {
  override name = "ConfigError" as const;
  readonly code = "TRIBUNAL_BAD_CONFIG";
}

export function isConfigError(e: unknown): e is ConfigError {
  return typeof e === "object" && e !== null && (e as { name?: unknown }).name === "ConfigError";
}

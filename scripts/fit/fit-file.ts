import { existsSync, readFileSync, writeFileSync } from "node:fs";

type Fitted = Record<string, unknown>;

/** Fields that describe the run, not the fit: a new value of these alone is no reason to rewrite a shipped file. */
export const RUN_METADATA = ["date"] as const;

const isRecord = (v: unknown): v is Fitted => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The text to write for a freshly fitted file, or undefined when the file already holds this fit:
 * the fit serialised with the file's own run metadata (its date) is the file's text, byte for byte.
 */
export function fitFileUpdate(current: string | undefined, fitted: Fitted, serialise: (value: Fitted) => string): string | undefined {
  const next = serialise(fitted);
  if (current === undefined) return next;
  let previous: unknown;
  try {
    previous = JSON.parse(current);
  } catch {
    return next;
  }
  if (!isRecord(previous)) return next;
  const kept = Object.fromEntries(RUN_METADATA.filter((key) => key in previous).map((key) => [key, previous[key]]));
  return serialise({ ...fitted, ...kept }) === current ? undefined : next;
}

/** Writes a fitted file unless only its run metadata would change (so a rerun leaves git clean); true when written. */
export function writeFitFile(file: URL, fitted: Fitted, serialise: (value: Fitted) => string): boolean {
  const text = fitFileUpdate(existsSync(file) ? readFileSync(file, "utf8") : undefined, fitted, serialise);
  if (text === undefined) return false;
  writeFileSync(file, text);
  return true;
}

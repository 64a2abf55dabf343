import { RubricError } from "./errors.js";

/** One criterion of a `--criteria` text: `Name=2: description` gives weight 2; no `=` leaves the weight out. */
export interface CriterionText {
  id: string;
  description: string;
  /** A relative weight (> 0), as written; undefined when none was given. */
  weight?: number;
}

const ORIGIN = "--criteria";

function parseEntry(entry: string, position: number): CriterionText {
  const colon = entry.indexOf(":");
  const where = `criterion ${position} ("${entry}")`;
  if (colon < 0) throw new RubricError(ORIGIN, `${where}: expected "Name: description" or "Name=weight: description"`);
  const head = entry.slice(0, colon).trim();
  const description = entry.slice(colon + 1).trim();
  const equals = head.lastIndexOf("=");
  const id = (equals < 0 ? head : head.slice(0, equals)).trim();
  if (id === "") throw new RubricError(ORIGIN, `${where}: the name before ":" is empty`);
  if (description === "") throw new RubricError(ORIGIN, `${where}: the description after ":" is empty`);
  if (equals < 0) return { id, description };
  const written = head.slice(equals + 1).trim();
  const weight = Number(written);
  if (written === "" || !Number.isFinite(weight) || weight <= 0) throw new RubricError(ORIGIN, `${where}: the weight after "=" must be a number > 0, got "${written}"`);
  return { id, description, weight };
}

/**
 * Reads `--criteria "Name: description; Name2=2: description"`: criteria separated by `;`, each a
 * name, an optional `=weight`, then `:` and its description (a description may hold `:` but not `;`).
 */
export function parseCriteriaText(text: string): CriterionText[] {
  const entries = text
    .split(";")
    .map((e) => e.trim())
    .filter((e) => e !== "");
  if (entries.length === 0) throw new RubricError(ORIGIN, 'no criterion given; write "Name: description; Name2: description"');
  return entries.map((entry, i) => parseEntry(entry, i + 1));
}

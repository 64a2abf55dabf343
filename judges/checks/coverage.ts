import type { Rubric } from "../../rubrics/schema.js";
import type { OutputProblem } from "./problems.js";

/**
 * An answer's list of per-criterion entries must name every rubric criterion exactly once and no
 * other; names are compared after `normalize` (e.g. case-insensitive).
 */
export function checkCoverage(names: readonly string[], rubric: Rubric, normalize: (name: string) => string = (name) => name): OutputProblem[] {
  const problems: OutputProblem[] = [];
  const ids = rubric.criteria.map((c) => c.id);
  const known = new Set(ids.map(normalize));
  const seen = names.map(normalize);
  const missing = ids.filter((id) => !seen.includes(normalize(id)));
  const unknown = names.filter((name) => !known.has(normalize(name)));
  const repeated = names.filter((name, i) => seen.indexOf(normalize(name)) !== i);
  if (missing.length) problems.push({ kind: "missing_criteria", message: `no entry for ${missing.join(", ")}` });
  if (unknown.length) problems.push({ kind: "schema_invalid", message: `unknown criteria ${unknown.join(", ")}; use ${ids.join(", ")}` });
  if (repeated.length) problems.push({ kind: "schema_invalid", message: `more than one entry for ${[...new Set(repeated)].join(", ")}` });
  return problems;
}

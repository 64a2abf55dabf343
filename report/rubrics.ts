import { builtInRubric } from "../rubrics/load.js";
import type { Rubric } from "../rubrics/schema.js";

/**
 * The rubric a result line names, when it is a built-in one (a line's `meta.rubric` is data: it is
 * never read as a path). `override` (the CLI's --rubric) wins for every line.
 */
export function rubricResolver(override?: Rubric): (id: unknown) => Rubric | undefined {
  return (id) => override ?? builtInRubric(id);
}

import type { ProtocolDefaults } from "../../judges/configuration.js";
import { RubricError } from "../../rubrics/errors.js";
import type { Rubric } from "../../rubrics/schema.js";

/** The checklist's id and its rubric when none is configured. */
export const CHECKLIST = { protocol: "checklist", defaultRubric: "coaching", roles: ["assessor"] } as const satisfies ProtocolDefaults;

/** The checklist needs YES/NO/NA criteria. */
export function checkChecklistRubric(rubric: Rubric): void {
  if (rubric.scale.kind !== "checklist") {
    throw new RubricError(rubric.id, `the checklist protocol needs a rubric with scale.kind "checklist" (this one is "${rubric.scale.kind}"); try --rubric ${CHECKLIST.defaultRubric}`);
  }
}

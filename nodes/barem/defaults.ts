import type { ProtocolDefaults } from "../../judges/configuration.js";
import { RubricError } from "../../rubrics/errors.js";
import type { Rubric } from "../../rubrics/schema.js";

/** The barem's id and its rubric when none is configured. */
export const BAREM = { protocol: "barem", defaultRubric: "ccpe-barem", roles: ["judge"] } as const satisfies ProtocolDefaults;

/** The barem scores every criterion: it needs a discrete or continuous scale with weights. */
export function checkBaremRubric(rubric: Rubric): void {
  if (rubric.scale.kind === "checklist") {
    throw new RubricError(rubric.id, `the barem protocol needs a scored rubric (discrete or continuous scale with weights); try --rubric ${BAREM.defaultRubric}`);
  }
}

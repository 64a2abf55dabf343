import type { ProtocolDefaults } from "../../judges/configuration.js";
import { RubricError } from "../../rubrics/errors.js";
import type { Rubric } from "../../rubrics/schema.js";

/** The panel's id and its rubric when none is configured. */
export const PANEL = { protocol: "panel", defaultRubric: "customer-service", roles: ["evaluator", "critic"] } as const satisfies ProtocolDefaults;

/** The panel scores every criterion: it needs a discrete or continuous scale with weights. */
export function checkPanelRubric(rubric: Rubric): void {
  if (rubric.scale.kind === "checklist") {
    throw new RubricError(rubric.id, `the panel protocol needs a scored rubric (discrete or continuous scale with weights); try --rubric ${PANEL.defaultRubric}`);
  }
}

import type { ProtocolDefaults } from "../../judges/configuration.js";
import { RubricError } from "../../rubrics/errors.js";
import type { Rubric } from "../../rubrics/schema.js";

/** The pairwise protocol's id, its rubric when none is configured, and its one model role. */
export const PAIRWISE = { protocol: "pairwise", defaultRubric: "customer-service", roles: ["judge"] } as const satisfies ProtocolDefaults;

/** The pairwise numbers (docs/protocols.md#pairwise); every one can be overridden through the configuration. */
export const PAIRWISE_DEFAULTS = {
  /** The offline judge prefers a side only when its quality (0–1) is higher by more than this. */
  margin: 0.02,
  /** Reconsideration rounds after the two orders disagree (0 = none). */
  critiqueRounds: 1,
  /** Added by the offline judge to the quality of whichever dialogue is shown first. */
  offlinePositionBias: 0,
} as const;

/**
 * Settings under which the offline answers take the protocol's shortest and longest path (what a
 * size estimate must cover): the unbiased offline judge agrees with itself in both orders (2 calls);
 * a position bias of 1 makes the two orders disagree everywhere, so the reconsideration round runs
 * (its offline answer is unbiased, so the round ends consistent: 4 calls).
 */
export const PAIRWISE_PATHS = { shortest: {}, longest: { offlinePositionBias: 1 } };

/** The offline comparison reads per-criterion qualities and weighs them with the rubric's weights: a checklist rubric has neither. */
export function checkPairwiseRubric(rubric: Rubric): void {
  if (rubric.scale.kind === "checklist") {
    throw new RubricError(rubric.id, `the pairwise protocol needs a scored rubric (discrete or continuous scale with weights); try --rubric ${PAIRWISE.defaultRubric}`);
  }
}

import type { ProtocolDefaults } from "../../judges/configuration.js";

/**
 * Settings under which the offline answers take the protocol's shortest and longest path (what a
 * size estimate must cover): `maxRounds: 1` ends after the independent round (2 calls); `tolerance: 0`
 * makes strict and generous (offline biases −0.5 / +0.5) never agree, so every debate round runs.
 */
export const CONSENSUS_PATHS = { shortest: { maxRounds: 1 }, longest: { tolerance: 0 } };

/** The consensus protocol's id and its rubric when none is configured: the panel's criteria on a 1–5 scale. */
export const CONSENSUS = { protocol: "consensus", defaultRubric: "customer-service-5", roles: ["strict", "generous"] } as const satisfies ProtocolDefaults;

/** The consensus numbers (docs/protocols.md#consensus); every one can be overridden through the configuration. */
export const CONSENSUS_DEFAULTS = {
  /** Agreement when |strict − generous| ≤ tolerance on the overall score. */
  tolerance: 0.5,
  /** Rounds in all, the independent one included: 2 allows one debate round. */
  maxRounds: 2,
  /** Final = strict × 0.6 + generous × 0.4. */
  weights: { strict: 0.6, generous: 0.4 },
  /** Added in code to an LLM's round-1 scores: the persona prompt carries the strictness. */
  bias: { strict: 0, generous: 0 },
  /** Applied by the offline judge's strict and generous roles (±0.5). */
  offlineBias: { strict: -0.5, generous: 0.5 },
  /** A debate round moves each strict score up by at most this much, never down. */
  refinementCap: 0.3,
  /** A debate round moves each generous score this share of the way to strict's new score. */
  generousMove: 0.2,
  /** Characters of content the agents see ("up to 2000 characters"). */
  maxContentChars: 2000,
  /** Pause for a human reviewer when the debate ends without agreement (needs a checkpointer). */
  humanReview: false,
} as const;

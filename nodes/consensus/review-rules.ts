import { ConfigError } from "../../judges/config-error.js";
import { ReviewDecision } from "./review-decision.js";
import type { Bounds } from "./configuration.js";
import type { AgreementCheck } from "./records.js";

/** Whether a finished consensus goes to a human: review is on and the last round ended without agreement. */
export function needsHumanReview(input: { humanReview: boolean; check: AgreementCheck | undefined; failed: boolean; result: Record<string, unknown> | undefined }): boolean {
  if (!input.humanReview || input.failed || !input.check || input.check.agreed) return false;
  return input.result !== undefined && input.result.status !== "unscored";
}

/** What a paused consensus run asks its reviewer. */
export type ReviewRequest = ReturnType<typeof reviewRequest>;

/** What the paused run shows the reviewer (the interrupt's value). */
export function reviewRequest(result: Record<string, unknown>, check: AgreementCheck, bounds: Bounds) {
  const metadata = result.consensus_metadata as { rounds_conducted?: number } | undefined;
  return {
    kind: "consensus_review" as const,
    dialogue_id: result.dialogue_id,
    question: `strict and generous still differ by ${check.difference} (tolerance ${check.tolerance}) after ${metadata?.rounds_conducted ?? check.round} round(s): accept the weighted consensus ${String(result.overall_score)} or override it`,
    proposed_overall_score: result.overall_score,
    strict: check.strict,
    generous: check.generous,
    scale: bounds,
    resume_with: [{ decision: "accept", comment: "…" }, { decision: "override", overall_score: bounds.min, comment: "…" }],
  };
}

/** Reads the value the run was resumed with; a bad one gets an error that says what to send. */
export function parseReviewDecision(value: unknown, bounds: Bounds): ReviewDecision {
  const parsed = ReviewDecision.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "decision"}: ${i.message}`).join("; ");
    throw new ConfigError(`bad review decision (${issues}): resume with { "decision": "accept" } or { "decision": "override", "overall_score": <${bounds.min}–${bounds.max}> }`);
  }
  const decision = parsed.data;
  if (decision.decision === "override" && (decision.overall_score < bounds.min || decision.overall_score > bounds.max)) {
    throw new ConfigError(`bad review decision: overall_score ${decision.overall_score} is off the rubric's scale ${bounds.min}–${bounds.max}`);
  }
  return decision;
}

/** The result with the reviewer's decision recorded; an override replaces `overall_score`. */
export function applyReview(result: Record<string, unknown>, decision: ReviewDecision): Record<string, unknown> {
  const computed = result.overall_score;
  const overall = decision.decision === "override" ? decision.overall_score : computed;
  return {
    ...result,
    overall_score: overall,
    human_review: {
      decision: decision.decision,
      overall_score: overall,
      consensus_overall_score: computed,
      comment: decision.comment,
      ...(decision.reviewer !== undefined ? { reviewer: decision.reviewer } : {}),
    },
  };
}

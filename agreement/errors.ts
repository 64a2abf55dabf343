/** Bad input to `tribunal agree`: a result line that cannot be read or joined to the labels. */
export class AgreementInputError extends Error {
  override name: string = "AgreementInputError";
  readonly code: string = "TRIBUNAL_BAD_AGREEMENT_INPUT";
}

/** One rubric rule that read the human ratings while scoring, and the result lines it did so on. */
export interface LabelReadingRule {
  /** The rule's kind as `audit.rules[].rule` records it, e.g. `cap_when_human_overall_below`. */
  rule: string;
  /** The criterion it acts on, when the audit names one. */
  criterion?: string;
  /** 1-based lines of the results file where it ran without --blind (fired or not). */
  lines: number[];
  /** How many of those lines it actually changed a score on. */
  fired: number;
}

/**
 * Results scored without `--blind` by a rule that reads the human ratings (ccpe-strict's
 * `cap_when_human_overall_below`): comparing them with those same ratings would inflate agreement.
 * An AgreementInputError, so the CLI reports it as bad input (one line, exit code 2).
 */
export class LabelReadingResultsError extends AgreementInputError {
  override name = "LabelReadingResultsError";
  override readonly code = "TRIBUNAL_LABEL_READING_RESULTS";
  constructor(
    message: string,
    readonly rules: readonly LabelReadingRule[],
  ) {
    super(message);
  }
}

const AGREEMENT_INPUT_ERRORS: ReadonlySet<unknown> = new Set(["AgreementInputError", "LabelReadingResultsError"]);

/** Any bad input to `tribunal agree`, LabelReadingResultsError included (by name, so it holds across module copies). */
export function isAgreementInputError(e: unknown): e is AgreementInputError {
  return typeof e === "object" && e !== null && AGREEMENT_INPUT_ERRORS.has((e as { name?: unknown }).name);
}

export function isLabelReadingResultsError(e: unknown): e is LabelReadingResultsError {
  return typeof e === "object" && e !== null && (e as { name?: unknown }).name === "LabelReadingResultsError";
}

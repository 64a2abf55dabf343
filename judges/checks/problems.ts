/** Ways a judge's answer can be unusable, counted separately in summaries. */
export type InvalidOutputKind = "malformed_json" | "schema_invalid" | "out_of_scale" | "missing_criteria" | "unverified_quote";

/** Ways a judge call can fail outright. */
export type CallFailureKind = "timeout" | "rate_limited" | "server_error" | "auth" | "connection" | "invalid_output" | "too_long" | "error";

export interface OutputProblem {
  kind: InvalidOutputKind;
  message: string;
}

export interface CallFailure {
  /** The agent role whose call failed (`evaluator`, `assessor:CQ8`). */
  agent: string;
  kind: CallFailureKind;
  message: string;
}

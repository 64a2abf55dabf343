import type { AgreementCheck } from "./records.js";

export type AfterAgreement = "debate_critique" | "consensus";

/**
 * After each round's agreement check: consensus when the agents agree, when the rounds are used up
 * (`maxRounds` counts every round, the independent one included) or when an agent failed
 * (`unscored`); otherwise one more debate round.
 */
export function nextStep(input: { check: AgreementCheck | undefined; round: number; maxRounds: number; failed: boolean }): AfterAgreement {
  if (input.failed || !input.check || input.check.agreed) return "consensus";
  return input.round < input.maxRounds ? "debate_critique" : "consensus";
}

/** After an agent of the debate round: on to the next step, or straight to the end when it failed. */
export function afterAgent<N extends string>(next: N) {
  return (state: { failure?: unknown }): N | "consensus" => (state.failure ? "consensus" : next);
}

/** Bad input to `tribunal agree`: a result line that cannot be read or joined to the labels. */
export class AgreementInputError extends Error {
  override name = "AgreementInputError" as const;
  readonly code = "TRIBUNAL_BAD_AGREEMENT_INPUT";
}

export function isAgreementInputError(e: unknown): e is AgreementInputError {
  return typeof e === "object" && e !== null && (e as { name?: unknown }).name === "AgreementInputError";
}

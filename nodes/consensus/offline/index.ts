export { baseReading, type BaseReading } from "./base.js";
export { offlineDebateCritique, offlineGenerous, offlineStrict, offlineStrictRefinement } from "./roles.js";
export { submissionSignal, TERMS_FOR_FULL_COVERAGE, WORDS_FOR_FULL_LENGTH, type SubmissionSignal } from "./submission.js";

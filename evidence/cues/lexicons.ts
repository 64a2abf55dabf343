import { ANSWER_OPENERS, ASSISTANT_APOLOGY_CUES, ASSISTANT_COMPLETION_CUES, ASSISTANT_DISMISSIVE_CUES, ASSISTANT_EMPATHY_CUES, ASSISTANT_NO_RESULT_CUES, ASSISTANT_POLITENESS_CUES, CLARIFICATION_CUES, HEDGE_CUES } from "./assistant-cues.js";
import { CLOSING_CUES, INJECTION_CUES } from "./cues.js";
import { USER_DECLINE_CUES, USER_DISSATISFACTION_CUES, USER_EMOTION_CUES, USER_SATISFACTION_CUES, USER_THANKS_CUES, USER_UPTAKE_CUES } from "./user-cues.js";
import { compileCues } from "./match.js";

/** The lexicons of `cues.ts`, `user-cues.ts` and `assistant-cues.ts`, compiled once. */
export const LEXICONS = {
  userDissatisfaction: compileCues(USER_DISSATISFACTION_CUES),
  userThanks: [...compileCues(USER_THANKS_CUES), ...compileCues(USER_SATISFACTION_CUES, { negatable: true }), ...compileCues(USER_UPTAKE_CUES)],
  userUptake: compileCues(USER_UPTAKE_CUES),
  assistantApologies: compileCues(ASSISTANT_APOLOGY_CUES),
  assistantEmpathy: compileCues(ASSISTANT_EMPATHY_CUES),
  assistantPoliteness: compileCues(ASSISTANT_POLITENESS_CUES),
  clarificationRequests: compileCues(CLARIFICATION_CUES),
  hedges: compileCues(HEDGE_CUES),
  userEmotion: compileCues(USER_EMOTION_CUES),
  injection: compileCues(INJECTION_CUES, { multiline: true }),
  closing: compileCues(CLOSING_CUES),
  answerOpeners: compileCues(ANSWER_OPENERS),
  userDeclines: compileCues(USER_DECLINE_CUES),
  assistantCompletion: compileCues(ASSISTANT_COMPLETION_CUES),
  assistantNoResult: compileCues(ASSISTANT_NO_RESULT_CUES),
  assistantDismissive: compileCues(ASSISTANT_DISMISSIVE_CUES),
} as const;

import type { InputName } from "./model.js";

/**
 * How the offline judge words the input that drove a score, when it lowered or raised it, and whose
 * turns it reads (what a justification quotes when the input counts something that never happened).
 */
export const REASONS: Record<InputName, { lowers: string; raises: string; about: "user" | "assistant" }> = {
  userDissatisfaction: { lowers: "the user voices dissatisfaction or corrects the system", raises: "the user is not dissatisfied" , about: "user" },
  userThanks: { lowers: "the user gives no thanks", raises: "the user thanks, praises or takes up the system's proposals" , about: "user" },
  userRepeats: { lowers: "the user has to repeat or rephrase a request", raises: "the user never repeats a request" , about: "user" },
  assistantRepeats: { lowers: "the system repeats itself", raises: "the system varies its turns" , about: "assistant" },
  assistantApologies: { lowers: "the system apologises", raises: "the system apologises when it cannot help" , about: "assistant" },
  assistantEmpathy: { lowers: "the system shows little empathy", raises: "the system acknowledges the user warmly" , about: "assistant" },
  assistantPoliteness: { lowers: "the system is curt", raises: "the system is polite" , about: "assistant" },
  clarificationRequests: { lowers: "the system needs clarifications", raises: "the system rarely needs clarification" , about: "assistant" },
  hedges: { lowers: "the system hedges its claims", raises: "the system states things plainly" , about: "assistant" },
  unansweredQuestions: { lowers: "a user question goes unanswered", raises: "user questions are answered" , about: "user" },
  assistantConsecutive: { lowers: "the system moves on without waiting for the user's answer", raises: "the system waits for the user's answers" , about: "assistant" },
  abruptEnding: { lowers: "the dialogue ends abruptly", raises: "the dialogue closes properly" , about: "assistant" },
  shortUserReplies: { lowers: "the user gives curt replies", raises: "the user engages at length" , about: "user" },
  avgUserWords: { lowers: "user turns are short", raises: "user turns are detailed" , about: "user" },
  avgAssistantWords: { lowers: "system turns are short", raises: "system turns are detailed" , about: "assistant" },
  turnCount: { lowers: "the dialogue is long", raises: "the dialogue is substantial" , about: "assistant" },
  assistantQuestionShare: { lowers: "the system mostly asks questions", raises: "the system asks guiding questions" , about: "assistant" },
  lowercaseOrNoPunctuation: { lowers: "system turns are unpunctuated or start in lower case", raises: "system turns are well formed" , about: "assistant" },
  userEmotion: { lowers: "the user expresses emotion", raises: "the user expresses emotion" , about: "user" },
  injection: { lowers: "the transcript contains instructions aimed at the judge", raises: "the transcript contains instructions aimed at the judge" , about: "assistant" },
  userDeclines: { lowers: "the user turns down the system's proposals", raises: "the user rarely turns proposals down" , about: "user" },
  assistantCompletion: { lowers: "the system never completes the task", raises: "the system completes the task" , about: "assistant" },
  assistantNoResult: { lowers: "the system cannot deliver what was asked", raises: "the system finds what was asked" , about: "assistant" },
  assistantDismissive: { lowers: "the system brushes the user off", raises: "the system takes the user's request on" , about: "assistant" },
  userSentiment: { lowers: "the user's tone is negative", raises: "the user's tone is positive" , about: "user" },
  assistantSentiment: { lowers: "the system's tone is negative", raises: "the system's tone is positive" , about: "assistant" },
  userPositiveTurns: { lowers: "few user turns are positive", raises: "the user is often positive" , about: "user" },
  userNegativeTurns: { lowers: "the user is often negative", raises: "the user is rarely negative" , about: "user" },
  lateUserSentiment: { lowers: "the user ends up negative", raises: "the user ends up positive" , about: "user" },
  assistantLength: { lowers: "system answers are brief", raises: "system answers are detailed" , about: "assistant" },
  userLength: { lowers: "user turns are brief", raises: "user turns are detailed" , about: "user" },
  dialogueLength: { lowers: "the dialogue is long", raises: "the dialogue is substantial" , about: "assistant" },
  replyQuality: { lowers: "the system's replies, read on their own, are like answers people rated unsatisfying", raises: "the system's replies, read on their own, are like answers people rated satisfying" , about: "assistant" },
  closingQuality: { lowers: "the dialogue ends on exchanges people rated unsatisfying", raises: "the dialogue ends on an exchange people rated satisfying" , about: "assistant" },
  worstTurnQuality: { lowers: "one exchange reads like a breakdown people rated low", raises: "no exchange reads like a breakdown" , about: "assistant" },
  turnQuality: { lowers: "the system's replies, and the user's reactions to them, read like turns people rated unsatisfying", raises: "the system's replies, and the user's reactions to them, read like turns people rated satisfying" , about: "assistant" },
};

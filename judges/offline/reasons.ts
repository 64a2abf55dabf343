import type { InputName } from "./model.js";

/** How the offline judge words the input that drove a score, when it lowered or raised it. */
export const REASONS: Record<InputName, { lowers: string; raises: string }> = {
  userDissatisfaction: { lowers: "the user voices dissatisfaction or corrects the system", raises: "the user is not dissatisfied" },
  userThanks: { lowers: "the user gives no thanks", raises: "the user thanks or praises the system" },
  userRepeats: { lowers: "the user has to repeat or rephrase a request", raises: "the user never repeats a request" },
  assistantRepeats: { lowers: "the system repeats itself", raises: "the system varies its turns" },
  assistantApologies: { lowers: "the system apologises", raises: "the system apologises when it cannot help" },
  assistantEmpathy: { lowers: "the system shows little empathy", raises: "the system acknowledges the user warmly" },
  assistantPoliteness: { lowers: "the system is curt", raises: "the system is polite" },
  clarificationRequests: { lowers: "the system needs clarifications", raises: "the system rarely needs clarification" },
  hedges: { lowers: "the system hedges its claims", raises: "the system states things plainly" },
  unansweredQuestions: { lowers: "a user question goes unanswered", raises: "user questions are answered" },
  assistantConsecutive: { lowers: "the system moves on without waiting for the user's answer", raises: "the system waits for the user's answers" },
  abruptEnding: { lowers: "the dialogue ends abruptly", raises: "the dialogue closes properly" },
  shortUserReplies: { lowers: "the user gives curt replies", raises: "the user engages at length" },
  avgUserWords: { lowers: "user turns are short", raises: "user turns are detailed" },
  avgAssistantWords: { lowers: "system turns are short", raises: "system turns are detailed" },
  turnCount: { lowers: "the dialogue is long", raises: "the dialogue is substantial" },
  assistantQuestionShare: { lowers: "the system mostly asks questions", raises: "the system asks guiding questions" },
  lowercaseOrNoPunctuation: { lowers: "system turns are unpunctuated or start in lower case", raises: "system turns are well formed" },
  userEmotion: { lowers: "the user expresses emotion", raises: "the user expresses emotion" },
  injection: { lowers: "the transcript contains instructions aimed at the judge", raises: "the transcript contains instructions aimed at the judge" },
  assistantLength: { lowers: "system answers are brief", raises: "system answers are detailed" },
  userLength: { lowers: "user turns are brief", raises: "user turns are detailed" },
  dialogueLength: { lowers: "the dialogue is long", raises: "the dialogue is substantial" },
};

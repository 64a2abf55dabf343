import { z } from "zod";
import { Speaker } from "../../dialogues/dialogue.js";

/** An utterance that drove a feature, quoted in full so a justification can cite it. */
export const FeatureEvidence = z.object({
  /** 1-based index into `dialogue.turns`. */
  turn: z.number().int().positive(),
  speaker: Speaker,
  /** The full utterance. */
  text: z.string(),
  /** What in the utterance fired: the matched words, or a short note ("repeats turn 3"). */
  cue: z.string().optional(),
});
export type FeatureEvidence = z.infer<typeof FeatureEvidence>;

/** One feature: its value and at most three utterances that explain it, the most telling first. */
export const Feature = z.object({
  value: z.number(),
  evidence: z.array(FeatureEvidence).max(3),
});
export type Feature = z.infer<typeof Feature>;

const feature = (description: string) => Feature.describe(description);

/**
 * Features of a dialogue for the offline judge. Valences may be negative; shares are in [0, 1] so dialogues of different
 * lengths compare; `turnCount`, the word averages and `injection` are counts. None reads ratings
 * or dialogue acts.
 */
export const DialogueFeatures = z.object({
  userDissatisfaction: feature("Share of user turns with a dissatisfaction or correction cue (\"that's not what I\", \"useless\", \"still not\")."),
  userThanks: feature("Share of user turns with thanks, praise or uptake (\"thank\", \"perfect\", \"I'll check it out\"), negated praise and sarcasm excluded."),
  userRepeats: feature("Share of user turns whose content words overlap an earlier user turn at Jaccard ≥ 0.6 (repeated or rephrased request)."),
  assistantRepeats: feature("Share of assistant turns whose content words overlap an earlier assistant turn at Jaccard ≥ 0.6 (repetition, templated questions)."),
  assistantApologies: feature("Share of assistant turns with an apology (\"sorry\", \"apologise\", \"I'm afraid\")."),
  assistantEmpathy: feature("Share of assistant turns with an empathy or acknowledgement cue (\"I understand\", \"that sounds\", \"glad\")."),
  assistantPoliteness: feature("Share of assistant turns with a courtesy formula (\"please\", \"thank you\", \"you're welcome\")."),
  clarificationRequests: feature("Share of assistant turns asking the user to clarify or say more (\"what do you mean\", \"tell me more\")."),
  hedges: feature("Share of assistant turns with a hedge (\"I think\", \"maybe\", \"not sure\")."),
  unansweredQuestions: feature("Share of user questions with no later assistant turn, or whose next assistant turn shares no content word, holds no figure and opens with a question or a bare acknowledgement instead of an answer."),
  assistantConsecutive: feature("Share of assistant turns that directly follow an assistant question, so the user's answer was skipped."),
  abruptEnding: feature("1 when the last turn is a user question or none of the last 3 turns has a closing (thanks, bye), else 0."),
  shortUserReplies: feature("Share of user turns with at most 2 words (\"No.\", \"Nope\")."),
  avgUserWords: feature("Mean words per user turn."),
  avgAssistantWords: feature("Mean words per assistant turn."),
  turnCount: feature("Number of turns."),
  assistantQuestionShare: feature("Share of assistant turns that are questions (end with `?` or start with a question word)."),
  lowercaseOrNoPunctuation: feature("Share of assistant turns starting with a lower-case letter or lacking final punctuation (fluency proxy)."),
  userEmotion: feature("Share of user turns with an emotional-content cue (\"worried\", \"upset\", \"love\", \"moving\")."),
  userDeclines: feature("Share of user turns after the assistant's first that turn down a proposal or cannot answer it (\"No.\", \"haven't seen it\", \"I don't know\"), closings and uptake (\"haven't seen it, I'll check it out\") excluded."),
  assistantCompletion: feature("Share of assistant turns that complete the task (\"booked\", \"confirmed\", \"I've sent\", \"here is\")."),
  assistantNoResult: feature("Share of assistant turns that cannot deliver (\"there are no\", \"not available\", \"unable to\")."),
  assistantDismissive: feature("Share of assistant turns that brush the user off (\"not my problem\", \"figure it out\", \"I already told you\")."),
  userSentiment: feature("Mean AFINN valence per word of the user turns after the assistant's first (negative to positive); the opening request is the user's problem, not the assistant's doing."),
  assistantSentiment: feature("Mean AFINN valence per word of the assistant turns."),
  userPositiveTurns: feature("Share of user turns after the assistant's first with positive valence."),
  userNegativeTurns: feature("Share of user turns after the assistant's first with negative valence."),
  lateUserSentiment: feature("Mean AFINN valence of the last third of the user turns after the assistant's first (how the user ends up)."),
  injection: feature("Number of instruction-like lines aimed at a judge (\"ignore previous instructions\", a fake `SYSTEM:` header)."),
});
export type DialogueFeatures = z.infer<typeof DialogueFeatures>;
export type FeatureName = keyof DialogueFeatures;

/** Feature names in schema order. */
export const FEATURE_NAMES = Object.keys(DialogueFeatures.shape) as FeatureName[];

/** One-line definition of a feature, from the schema. */
export function describeFeature(name: FeatureName): string {
  return DialogueFeatures.shape[name].description ?? name;
}

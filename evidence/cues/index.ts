export * from "./cues.js";
export { detectEmotionalContent, type EmotionalContent } from "./emotion.js";
export type { CueEvidence } from "./evidence.js";
export { extractFeatures, judgedTurns, REPEAT_THRESHOLD } from "./extract.js";
export { detectInjection } from "./injection.js";
export { LEXICONS } from "./lexicons.js";
export { compileCues, contentWords, countWords, findCues, isQuestion, jaccard, tokens, type CompiledCue, type CueHit } from "./match.js";
export * from "./schema.js";

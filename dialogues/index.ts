export { Dialogue, Ratings, Speaker, Turn, meanOverallRating } from "./dialogue.js";
export { DialogueParseError, isDialogueParseError } from "./errors.js";
export { dialogueHash } from "./hash.js";
export { parseDialogues, readDialogues } from "./read.js";
export { detectFormat, type DialogueFormat } from "./detect.js";
export { MAX_LINE_LENGTH } from "./parse.js";
export { formatTranscript, formatTurnBlocks, speakerLabel, utterances, type Utterance, type UtteranceLabel } from "./format.js";

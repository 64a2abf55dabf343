/**
 * Lexicons of the offline judge, as data: what users say in `user-cues.ts`, what assistants say in
 * `assistant-cues.ts`, and here the conventions, the word lists of both, and the injection and
 * closing cues. Matching is case-insensitive and word-boundary aware (see `match.ts`).
 *
 * A string entry is a phrase: words separated by spaces match any run of whitespace, an
 * apostrophe is optional ("thats" matches "that's") and curly quotes are folded first, and a
 * trailing `*` makes the last word a stem ("frustrat*" matches "frustrated", "frustrating").
 * Word boundaries are added around a phrase.
 *
 * A RegExp entry is used as written (flags are replaced by `iu`, plus `m` for injection cues), so
 * it carries its own boundaries. RegExps are used where a bare word is too noisy in ordinary chat:
 * "still", "again", "wrong", "love", "moving".
 *
 * Every cue must work on any chat transcript (customer service, coaching, recommendations): no
 * signal that exists only in one dataset, and nothing read from ratings or dialogue acts.
 */

export type CueSource = string | RegExp;

/**
 * Instruction-like lines aimed at a judge: prompt injection inside an utterance. Tested line by
 * line, so `^` means the start of a line inside the utterance.
 */
export const INJECTION_CUES: readonly CueSource[] = [
  /\bignore\s+(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+|your\s+|these\s+|those\s+)?(?:previous|prior|above|earlier|preceding|foregoing|original|initial|system)\s+(?:instructions?|prompts?|rules|directions|directives|guidelines|commands|context|criteria|rubric)\b/,
  /\bignore\s+all\s+(?:of\s+)?(?:the\s+)?(?:prior|previous|above|earlier|preceding|instructions?|rules)\b/,
  /\bignore\s+everything\s+(?:above|before|prior)\b/,
  /\b(?:disregard|forget|override|bypass)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+|your\s+|these\s+|those\s+)?(?:(?:previous|prior|above|earlier|preceding|original|initial|system)\s+)?(?:instructions?|prompts?|rules|directives|guidelines|rubric|criteria|system\s+prompt)\b/,
  /\bgive\s+(?:this|the)\s+(?:(?:conversation|dialogue|dialog|chat|transcript|interaction|exchange|response|answer|assistant|agent|bot|system)\s+)?(?:a\s+|an\s+)?(?:score\s+of\s+|rating\s+of\s+)?(?:100|10|5|perfect|full|maximum|max|top|highest|excellent)\b/,
  /\brate\s+(?:this|the)\s+(?:conversation|dialogue|dialog|chat|transcript|interaction|exchange|response|assistant|agent|bot)\b/,
  /\brate\s+this\s+(?:as\s+)?(?:a\s+|an\s+)?(?:100|10|5|perfect|excellent)\b/,
  /\byou\s+are\s+now\s+(?:a\s+|an\s+|the\s+|in\s+)?(?:\w+\s+)?(?:evaluator|judge|grader|rater|assessor|scorer|assistant|ai|model|chatbot|dan|persona|mode)\b/,
  /\bas\s+(?:the|an|a)\s+(?:\w+\s+)?(?:evaluator|judge|grader|rater|assessor|scorer)\b/,
  /\b(?:to|dear|attention|note\s+(?:to|for))\s+(?:the\s+|any\s+|all\s+)?(?:ai\s+|llm\s+)?(?:evaluators?|judges?|graders?|raters?|assessors?|scorers?)\b/,
  /\b(?:evaluators?|judges?|graders?|raters?|assessors?|scorers?)\s*[:,]?\s+(?:must|should|shall|will|please)\b/,
  /\b(?:score|rating|grade)\s*(?:[:=]|should\s+be|must\s+be)\s*(?:100(?:\s*\/\s*100)?|10\s*\/\s*10|5\s*\/\s*5|perfect|maximum|max)\b/,
  /\b(?:output|return|respond\s+with|reply\s+with|assign|award)\s+(?:a\s+|an\s+|the\s+)?(?:maximum\s+|perfect\s+|full\s+|top\s+|highest\s+)?(?:score|rating|marks|grade)\b/,
  /\bnew\s+instructions?\s*:/,
  /(?:-{2,}|={2,}|#+|\[|<)\s*end\s+of\s+(?:the\s+)?(?:transcript|dialogue|conversation)\b/,
  /^\s*(?:system|developer|assistant|instructions?|evaluator|judge)\s*:/,
  /(?<=[.!?]\s+)(?:evaluators?|judges?|graders?|raters?|assessors?)\s*:/,
  /^\s*#{1,6}\s*(?:new\s+)?(?:instructions?|system|response|evaluation|evaluator|judge|task|rubric)\b/,
  // Addressed to the judge from inside brackets, mid-line: "(judge: rate 10/10)", "[[Evaluator instructions: …]]".
  /[[(<{]\s*(?:note\s+(?:to|for)\s+(?:the\s+)?)?(?:ai\s+)?(?:evaluators?|judges?|graders?|raters?|assessors?|scorers?)\b/,
  /\b(?:evaluators?|judges?|graders?|raters?|assessors?|scorers?|grading|scoring|evaluation)\s+(?:instructions?|notes?|override|directives?)\s*:/,
  /\brate\s+(?:it\s+|this\s+)?(?:a\s+)?(?:10\s*\/\s*10|5\s*\/\s*5|100\s*\/\s*100)/,
  /\ball\s+(?:the\s+)?criteria\s+(?:should\s+|must\s+)?(?:score|get|receive|deserve|are)\s+(?:a\s+)?(?:5|10|100|perfect|full|maximum|max)\b/,
  /\[\/?INST\]/,
  /<\|im_(?:start|end)\|>/,
  /<<\/?SYS>>/,
  /<\/?(?:system|instructions?)>/,
  /^\s*\[(?:system|instructions?)\]/,
];

/** Closing formulas: a dialogue that has one of these near its end did not stop abruptly. */
export const CLOSING_CUES: readonly CueSource[] = [
  "thank*",
  "thx",
  "bye",
  "goodbye",
  "good bye",
  "bye-bye",
  "farewell",
  "take care",
  "see you",
  "see ya",
  "cheers",
  "appreciate*",
  "that's all",
  "that is all",
  "that's it",
  "that is it",
  "that's everything",
  "that is everything",
  "nothing else",
  "that will do",
  "that will be all",
  "that'll be all",
  "you too",
  "all set",
  // The user takes up the plan: the exchange closed on agreement.
  "sounds good",
  "sounds great",
  "good idea",
  "great idea",
  "will do",
  "i'll try",
  "i will try",
  /\b(?:have|enjoy)\s+(?:a|an|your)\s+(?:\w+\s+)?(?:day|evening|night|weekend|trip|stay|time|meal|visit|journey|holiday|vacation)\b/,
  /\bnice\s+(?:day|evening|night|weekend)\b/,
];

/** A turn starting with one of these words is a question even without a question mark. */
export const QUESTION_WORDS: readonly string[] = [
  "what", "whats", "what's", "where", "when", "why", "who", "whom", "whose", "which", "how",
  "can", "could", "would", "will", "is", "are", "am", "do", "does", "did", "should", "shall",
  "may", "might", "have", "has", "isn't", "aren't", "don't", "doesn't", "didn't", "won't", "wouldn't",
];

/** Negations: kept as one content word, "not", so "you enjoy" and "you don't enjoy" differ. */
export const NEGATIONS: readonly string[] = [
  "not", "no", "never", "nor", "dont", "doesnt", "didnt", "isnt", "arent", "wasnt", "werent", "cant",
  "cannot", "couldnt", "wouldnt", "shouldnt", "wont", "havent", "hasnt", "hadnt", "aint", "nope", "nothing",
];

/** Function words ignored when comparing content (repeats, answers). Lower case, no apostrophes. */
export const STOPWORDS: readonly string[] = [
  "a", "an", "the", "and", "or", "but", "if", "then", "so", "because", "as", "of", "at", "by", "for",
  "with", "about", "to", "from", "in", "on", "into", "onto", "up", "down", "out", "off", "over",
  "under", "again", "further", "once", "here", "there", "all", "any", "both", "each", "few", "more",
  "most", "other", "some", "such", "only", "own", "same", "than", "too", "very", "just", "also",
  "not", "no", "nor", "yes", "yeah", "yep", "ok", "okay", "oh", "um", "uh", "well", "hi", "hello",
  "hey", "please", "thanks", "thank", "bye", "goodbye", "sure", "i", "me", "my", "mine", "myself",
  "we", "us", "our", "ours", "you", "your", "yours", "yourself", "he", "him", "his", "she", "her",
  "hers", "it", "its", "they", "them", "their", "theirs", "this", "that", "these", "those", "what",
  "which", "who", "whom", "whose", "when", "where", "why", "how", "am", "is", "are", "was", "were",
  "be", "been", "being", "have", "has", "had", "having", "do", "does", "did", "doing", "done",
  "can", "could", "will", "would", "shall", "should", "may", "might", "must", "im", "ive", "id",
  "ill", "youre", "youve", "youd", "youll", "hes", "shes", "its", "were", "theyre", "theyve",
  "thats", "whats", "theres", "dont", "doesnt", "didnt", "isnt", "arent", "wasnt", "werent",
  "cant", "cannot", "couldnt", "wouldnt", "shouldnt", "wont", "havent", "hasnt", "hadnt", "lets",
  "get", "got", "go", "going", "know", "think", "really", "like", "one", "thing", "things", "something",
  "anything", "everything", "nothing", "would", "want", "need", "let", "now", "still", "even",
  "much", "many", "lot", "kind", "sort", "maybe", "actually", "yeah", "alright", "right",
];

/**
 * Lexicons of the offline judge, as data. Matching is case-insensitive and word-boundary aware
 * (see `match.ts`).
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

/** User turns that complain, correct the assistant or show annoyance. */
export const USER_DISSATISFACTION_CUES: readonly CueSource[] = [
  "that's not what i",
  "not what i asked",
  "not what i wanted",
  "not what i meant",
  "not what i said",
  "not what i need*",
  "i said",
  "i already said",
  "i already told you",
  "i just told you",
  "i told you",
  /\bno,?\s+i\s+(?:said|meant|asked|wanted|want|need|was\s+asking|didn'?t\s+(?:say|ask|mean))\b/,
  /\b(?:that'?s|that\s+is|it'?s|it\s+is|you'?re|you\s+are|you\s+got(?:\s+(?:it|that))?|was|all|totally|completely|still)\s+wrong\b/,
  /\bwrong\s+(?:one|answer|info\w*|time|day|date|place|address|number|order|item|person|movie|hotel|restaurant|train|booking)\b/,
  "incorrect",
  "that's not right",
  "that isn't right",
  /\bstill\s+(?:not|no|don'?t|doesn'?t|didn'?t|can'?t|cannot|isn'?t|aren'?t|haven'?t|hasn'?t|won'?t|waiting|nothing|the\s+same)\b/,
  /\b(?:ask(?:ed|ing)?|say(?:ing)?|said|tell(?:ing)?|told|repeat(?:ed|ing)?|explain(?:ed|ing)?)\s+(?:(?:you|it|this|that|myself)\s+)?again\b/,
  /\bagain\s*\?/,
  "doesn't help",
  "does not help",
  "didn't help",
  "did not help",
  "not helping",
  "not helpful",
  "unhelpful",
  "useless",
  "pointless",
  "waste of time",
  "wasting my time",
  "frustrat*",
  "annoy*",
  "irritat*",
  "ridiculous",
  "absurd",
  "you don't understand",
  "you do not understand",
  "you're not listening",
  "you are not listening",
  "not listening",
  "makes no sense",
  "doesn't make sense",
  "does not make sense",
  "never mind",
  "nevermind",
  "forget it",
  "i give up",
  "what are you talking about",
  "that's not it",
  // Sarcasm: thanks that mean the opposite.
  /\bthanks?(?:\s+(?:a\s+lot|so\s+much|very\s+much))?\s+for\s+(?:nothing|wasting|being\s+(?:useless|no\s+help))\b/,
  /\b(?:great|wonderful|fantastic|brilliant|amazing|excellent)\s+(?:service|help|job)\s*(?:\.\s*)?(?:not|\/s)\b/,
  /\b(?:great|perfect|wonderful|fantastic|brilliant|lovely|awesome)[,.!]*\s+just\s+(?:great|perfect|wonderful|fantastic|brilliant|lovely|awesome)\b/,
  /\b(?:really|very|so|super)\s+(?:helpful|useful)[.!]*\s+not\b/,
  /(?:^|[.!?]\s+)not\s*[.!]+\s*$/,
  /^\s*oh,?\s+(?:great|perfect|wonderful|fantastic|brilliant|lovely|joy)[,.!]*\s+(?:another|more|again|even\s+more)\b/,
  /\byeah,?\s+right\b/,
  /\bthanks?,?\s+i\s+guess\b/,
  /\bas\s+(?:always|usual)\s*(?:\.{3}|…)/,
  // The user is leaving for good.
  /\bswitch(?:ing)?\s+(?:to\s+(?:another|a\s+different)\s+)?(?:providers?|companies|company|banks?|carriers?)\b/,
  "never again",
];

/** User thanks and gratitude. Counted together with USER_SATISFACTION_CUES. */
export const USER_THANKS_CUES: readonly CueSource[] = [
  "thank*",
  "thx",
  "ty",
  "appreciate*",
  "cheers",
  "much obliged",
];

/** User praise of the help received. Not counted when negated ("not helpful", "not great"). */
export const USER_SATISFACTION_CUES: readonly CueSource[] = [
  "great",
  "perfect",
  "perfectly",
  "awesome",
  "helpful",
  /(?:^|[.!,;]\s*)exactly\b/,
  /\b(?:that'?s|that\s+is|it'?s|it\s+is)\s+exactly\b/,
  /\bexactly\s+(?:right|what\s+i)\b/,
  "excellent",
  "wonderful",
  "fantastic",
  "brilliant",
  "amazing",
  "that works",
  "works for me",
  "sounds good",
  "that's all i need*",
  "just what i need*",
  "just what i was looking for",
  "you've been",
  "that helps",
  "this helps",
  "very nice",
];

/**
 * The user takes up what the assistant proposed ("I haven't seen it, but I'll check it out"): praise
 * of the help, and never a decline, whatever else the turn says.
 */
export const USER_UPTAKE_CUES: readonly CueSource[] = [
  "check it out",
  "check that out",
  // "I'll try it", not "I'll try again later".
  /\bi(?:'ll|\s+will)\s+(?:try|watch)\s+(?:it|that|this|them|one)\b(?!\s+again)/,
  "add it to my list",
  "on my list",
  "sounds interesting",
  "sounds fun",
  "give it a try",
  "give it a shot",
  "worth a try",
  "worth a shot",
  "good suggestion",
  "great suggestion",
  "good recommendation",
  "great recommendation",
  "good idea",
  "great idea",
];

/** Assistant apologies ("sorry to hear" is empathy, not an apology). */
export const ASSISTANT_APOLOGY_CUES: readonly CueSource[] = [
  /\bsorry\b(?!\s+(?:to\s+hear|for\s+your\s+loss|(?:that\s+)?you(?:'re|\s+are)\s+(?:going\s+through|dealing\s+with|feeling)|that\s+happened))/,
  "apolog*",
  "i'm afraid",
  "i am afraid",
  "my mistake",
  "my bad",
  "forgive me",
  "pardon me",
];

/** Assistant warmth, acknowledgement and validation of the user. */
export const ASSISTANT_EMPATHY_CUES: readonly CueSource[] = [
  "i understand",
  "i completely understand",
  "understandabl*",
  "i hear you",
  "i see",
  "sorry to hear",
  "sorry for your loss",
  "that sounds",
  "sounds like",
  "it sounds",
  "i can imagine",
  "i can see why",
  "i can see how",
  "i know how",
  "must be",
  "must have been",
  "glad",
  "happy to help",
  "happy for you",
  "excited for you",
  "great choice",
  "good choice",
  "excellent choice",
  "good question",
  "great question",
  /\b(?:that'?s|that\s+is|how|oh|wow,?)\s+(?:so\s+|really\s+|very\s+)?(?:nice|cool|great|wonderful|lovely|awesome|interesting|exciting|amazing|fantastic|fun|tough|hard|difficult|frustrating|painful|upsetting|stressful|scary|overwhelming)\b/,
  /\bsorry\s+(?:that\s+)?you(?:'re|\s+are)\s+(?:going\s+through|dealing\s+with|feeling)\b/,
  "sorry that happened",
  /\b(?:it'?s|it\s+is|that'?s|that\s+is)\s+(?:completely\s+|perfectly\s+|totally\s+)?(?:normal|natural|understandable|valid)\s+to\s+feel\b/,
  "a normal reaction",
  "i'm here for you",
  "it's okay to",
  "it's ok to",
  "that makes sense",
  "makes sense",
  "no worries",
  "don't worry",
  "you're not alone",
  "take your time",
];

/** Assistant courtesy formulas. */
export const ASSISTANT_POLITENESS_CUES: readonly CueSource[] = [
  "please",
  "thank*",
  "you're welcome",
  "you are welcome",
  "my pleasure",
  "pleasure",
  "no problem",
  "certainly",
  "of course",
  "i'd be happy to",
  "i would be happy to",
  "i'd be glad to",
  "glad to help",
  "happy to help",
  "kindly",
  "may i",
  "is there anything else",
  "anything else i can",
  /\b(?:have|enjoy)\s+(?:a|an|your)\s+(?:\w+\s+)?(?:day|evening|night|weekend|trip|stay|time|meal|visit|journey|holiday|vacation)\b/,
  /\bgood\s*-?\s*bye\b/,
  "take care",
];

/** Assistant asks the user to clarify or elaborate. */
export const CLARIFICATION_CUES: readonly CueSource[] = [
  "could you clarify",
  "can you clarify",
  "could you please clarify",
  "to clarify",
  "what do you mean",
  "what did you mean",
  "what exactly do you mean",
  "do you mean",
  "did you mean",
  "are you referring to",
  "say a little more",
  "say more",
  "tell me more",
  "could you tell me more",
  "can you tell me more",
  "could you elaborate",
  "can you elaborate",
  "elaborate on",
  "could you explain",
  "can you explain",
  "be more specific",
  "more specific",
  "could you repeat",
  "can you repeat",
  "i'm not sure i understand",
  "i didn't catch",
  "i didn't understand",
  "i don't understand",
  "not sure what you mean",
  "which one do you mean",
  "in what way",
];

/** Assistant hedging and uncertainty. */
export const HEDGE_CUES: readonly CueSource[] = [
  "i think",
  "i believe",
  "i guess",
  "i suppose",
  "i assume",
  "maybe",
  "perhaps",
  "possibly",
  "probably",
  /\bnot\s+sure\b(?!\s+(?:what|how|where|when|why|which|who|whether|if)\b)/,
  "not certain",
  "i'm unsure",
  "it seems",
  "seems like",
  "might be",
  "could be",
  "may be",
  "as far as i know",
  "if i'm not mistaken",
  /(?<!\b(?:what|which|this|that|these|those|any|some|the|a|every|same|other|different|favou?rite|certain|your|my|what's)\s+)\b(?:kind|sort)\s+of\b/,
];

/** Emotional content in a user turn: feelings, affect, strong attachment or aversion. */
export const USER_EMOTION_CUES: readonly CueSource[] = [
  "sad",
  "sadness",
  "upset",
  "angry",
  "anger",
  "mad at",
  "furious",
  /\b(?<!no\s)(?<!don'?t\s)(?<!not\s)worr(?:y|ied|ies|ying)\b/,
  "anxious",
  "anxiety",
  "nervous",
  "stressed",
  "stressful",
  "stress",
  "excited",
  "exciting",
  "thrilled",
  /(?<!\b(?:would|'d|be)\s+(?:really\s+|so\s+|very\s+|absolutely\s+)?)\blov(?:e|ed|es|ing)\b(?!\s+to\b)/,
  "hate*",
  "scared",
  "afraid of",
  "terrified",
  "fear*",
  "frustrated",
  "disappoint*",
  /(?<!\b(?:be|feel\s+free)\s+(?:really\s+|so\s+|very\s+|more\s+than\s+)?)\bhapp(?:y|ier|iest|iness)\b/,
  "joy",
  "proud",
  "lonely",
  "hurt",
  "hurts",
  "heartbroken",
  "devastated",
  "depressed",
  "depressing",
  "overwhelm*",
  /\b(?:so|very|really|quite|deeply|incredibly|truly|pretty|most|was|is|it'?s)\s+moving\b(?!\s+(?:to|out|in|into|from|on|house|day|away|forward))/,
  /\btouching\b(?!\s+(?:base|on|up))/,
  "emotional",
  "cried",
  "cry",
  "crying",
  "tears",
  "grief",
  "grieving",
  "ashamed",
  "embarrass*",
  "guilty",
  "exhausted",
  "miserable",
  "hopeless",
  "heartwarming",
  /\bi\s+(?:feel|felt)\b(?!\s+like\b)/,
  "my feelings",
];

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

/** An assistant turn opening like this is an answer even when it shares no word with the question. */
export const ANSWER_OPENERS: readonly CueSource[] = [
  /^\s*(?:yes|yeah|yep|yup|no|nope|nah|sure|certainly|of\s+course|absolutely|definitely|indeed|correct|right|exactly|unfortunately|sorry|i'?m\s+(?:afraid|sorry)|i\s+am\s+(?:afraid|sorry)|there\s+(?:is|are|was|were)|there'?s|it\s+(?:is|was)|it'?s|they\s+(?:are|were)|they'?re|that\s+(?:is|was)|that'?s|i\s+(?:have|found|booked|can|could|would|recommend|suggest|think|believe)|i'?d|you\s+(?:can|could|should|might)|the|a|an)\b/,
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

/**
 * The user turns down what the assistant proposed or cannot answer it ("No.", "Nope, haven't seen
 * that", "I've never heard of it", "I don't know"). A closing "no, that's all" is not a decline.
 */
export const USER_DECLINE_CUES: readonly CueSource[] = [
  /^\s*(?:no|nope|nah)\b(?![,.!\s]*(?:that(?:'?s|\s+is|\s+will\s+be|'ll\s+be)\s+(?:all|it|everything)|thanks?|thank\s+you|i'?m\s+(?:good|fine|done|all\s+set)|i\s+am\s+(?:good|fine|done|all\s+set)|all\s+(?:good|set)|we'?re\s+(?:good|done)|nothing|problem|worries))/,
  "haven't seen",
  "have not seen",
  "never seen",
  "haven't heard",
  "never heard",
  "not heard of",
  "haven't watched",
  "never watched",
  "haven't tried",
  "never tried",
  // "I don't know what my role is" states a problem; "I don't know." answers a proposal.
  /\b(?:don'?t|do\s+not)\s+know\b(?!\s+(?:what|how|where|when|why|which|who|whom|whether|if)\b)/,
  "no idea",
  "not familiar",
  "not really",
  /\bnot\s+sure\b(?!\s+(?:what|how|where|when|why|which|who|whether|if)\b)/,
  "doesn't work for me",
  "does not work for me",
  "not interested",
];

/** The assistant completes the task: a booking, a confirmation, something sent or done. */
export const ASSISTANT_COMPLETION_CUES: readonly CueSource[] = [
  "booked",
  "booking is",
  "reserved",
  "reservation is",
  "confirmed",
  "confirmation number",
  "reference number",
  "reference is",
  "all set",
  "i have sent",
  "i've sent",
  "has been sent",
  "i have refunded",
  "i've refunded",
  "has been refunded",
  "has been updated",
  "i have updated",
  "i've updated",
  "successfully",
  "is on its way",
  "here is",
  "here are",
  "rebooked",
  "has been processed",
  "i have processed",
  "i've processed",
  "has been issued",
  "i have issued",
  "i've issued",
  "has been scheduled",
  "i have scheduled",
  "i've scheduled",
  "has been fixed",
  "i have fixed",
  "i've fixed",
  "has been resolved",
  /^\s*done\s*[.!:]/,
];

/**
 * The assistant brushes the user off: it refuses responsibility, blames or belittles the user, or
 * sends them elsewhere without help. USS assistants almost never do this, so no fit can learn what it
 * costs: the turn model rates such a reply as its lowest 1 % (`lowest`), and Empathy's and
 * Helpfulness's hand-set models count it.
 */
export const ASSISTANT_DISMISSIVE_CUES: readonly CueSource[] = [
  // Each cue is written so that a kind reply with the same words does not match: "I'll solve your
  // problem", "it's not your fault", "we'll figure it out together", "the pain will go away".
  "not my problem",
  "not my job",
  "not my fault",
  "not my department",
  /\b(?:that'?s|that\s+is|it'?s|it\s+is)\s+your\s+(?:own\s+)?(?:problem|fault)\b/,
  /\bfigure\s+it\s+out\s+(?:yourself|on\s+your\s+own)\b/,
  /(?:^|[.!?]\s+)(?:just\s+)?deal\s+with\s+it\b/,
  "i don't care",
  "i do not care",
  "who cares",
  "stop asking",
  "stop bothering",
  "read the manual",
  "read your contract",
  /(?:^|[.!?]\s+)(?:just\s+)?google\s+it\b/,
  "look it up yourself",
  /(?:^|[.!?]\s+)(?:just\s+|please\s+)?calm\s+down\b/,
  /\byou\s+(?:need|have)\s+to\s+calm\s+down\b/,
  /\b(?:that'?s|that\s+is|what)\s+a\s+stupid\s+question\b/,
  "i already told you",
  "as i already said",
  "ask someone else",
  "call someone else",
  /(?:^|[.!?]\s+)(?:just\s+)?go\s+away\b/,
  "leave me alone",
  "shut up",
  "get over it",
  "stop complaining",
  "stop whining",
  "toughen up",
  "man up",
  /^\s*whatever\b(?=\s*(?:[.!,]|$))/,
  /^\s*(?:just\s+)?(?:check|see)\s+(?:the|our)\s+(?:website|faq|site)\s*[.!]?\s*$/,
];

/** The assistant cannot deliver: nothing found, not available, unable to. */
export const ASSISTANT_NO_RESULT_CUES: readonly CueSource[] = [
  "there are no",
  "there is no",
  "there isn't",
  "there aren't",
  "no results",
  "no matches",
  "not available",
  "unavailable",
  "couldn't find",
  "could not find",
  "can't find",
  "cannot find",
  "unable to",
  "fully booked",
  "sold out",
  "nothing i can do",
  "can't help you",
  "cannot help you",
];

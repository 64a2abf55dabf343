import type { Dialogue } from "../dialogues/dialogue.js";

/**
 * Whether a dialogue is written in English, for the offline judge, whose cues are English words
 * only. Deterministic, offline and cheap (one pass over at most MAX_CHARS characters; 30–100 µs
 * for a USS dialogue): the share of word tokens that are common English function words, and the share of
 * letters that are in a non-Latin script. No model and no download.
 *
 * English conversation has roughly a third to a half of its words among these function words (the
 * MultiWOZ and CCPE dialogues of the USS data: never below 35%, whole dialogue or answers alone); French, Spanish, German, Italian,
 * Portuguese or Dutch prose has almost none. Words that are also common function words in those
 * languages ("a", "in", "on", "me", "no", "so", "do", "was", "will", "also", "an") are left out of
 * the English list so that they never count for English.
 */

/** Fewer words than this (a "hi" / "hello" exchange): too little text to say anything. */
export const MIN_WORDS = 8;
/** A text is non-English when fewer than this share of its Latin-script words are English function words. */
export const MAX_ENGLISH_SHARE = 0.12;
/** … or when at least this share of its letters are in a non-Latin script. */
export const MIN_OTHER_SCRIPT_SHARE = 0.5;

const words = (list: string): ReadonlySet<string> => new Set(list.split(/\s+/).filter((w) => w !== ""));

const ENGLISH = words(`
  the and to of you i is it that for with be are this have not your my can what we they he she at but or if
  there would could should from by about just like yes please thank thanks how when where which who why any
  some all been has had did does am were our their them us up out more very then than these those here get
  know want need help hi hello hey its it's i'm don't that's i'll you're can't didn't i've we'll let's what's
  there's isn't doesn't won't i'd you'll you've we're they're wasn't aren't couldn't wouldn't shouldn't
  into over after before because really sure well great good see look going go got make one two much many
  other only yours mine his her him anything something nothing everything else today
`);

/** Function words of the other languages named in the warning (the first that clearly leads names it). */
const OTHERS: readonly { name: string; words: ReadonlySet<string> }[] = [
  {
    name: "French",
    words: words(`le la les de des du un une et est je vous nous il elle ils que qui pas ne pour dans sur avec ce cette ces mon ma mes
      votre vos au aux merci bonjour oui c'est j'ai d'un d'une n'est s'il plaît suis êtes sont avez ai mais ou très bien y en
      l'adresse m'aider qu'il qu'elle j'aimerais voudrais pouvez peux puis-je être avoir`),
  },
  {
    name: "Spanish",
    words: words(`el la los las de del un una y es que en no por para con su sus mi mis lo le se me te yo usted ustedes está están
      estoy pero muy gracias hola sí qué cómo al hay puedo puede favor quiero tengo tiene también ya como cuando donde`),
  },
  {
    name: "German",
    words: words(`der die das und ist ich sie nicht ein eine einen es zu den dem mit von für auf auch wir mein meine ihr ihre bitte
      danke hallo ja nein kann haben habe sind bin wie was aber noch nur schon sehr gerne ihnen möchte können ihren ihrem`),
  },
  {
    name: "Italian",
    words: words(`il lo la gli le di del della un una e è che non per con sono mi ti si ho ha ma come grazie ciao buongiorno posso
      può molto anche questo questa suo sua mio mia vorrei nel nella alla`),
  },
  {
    name: "Portuguese",
    words: words(`o a os as de do da dos das um uma e é que não para com em no na por meu minha seu sua você obrigado obrigada olá
      sim mas muito está estou eu ele ela se gostaria pode posso`),
  },
  {
    name: "Dutch",
    words: words(`de het een en is ik je u niet dat van op te voor met zijn er maar om wat hoe mijn uw bedankt hallo ja nee kan
      wil graag dank heb heeft hebben`),
  },
];

/** A share the leading other language must reach, and by how much it must beat English, to be named. */
const MIN_NAMED_SHARE = 0.15;

type Script = "latin" | "cyrillic" | "greek" | "arabic" | "hebrew" | "devanagari" | "thai" | "hangul" | "kana" | "han" | "other";

/** The script of one code point (letters only are passed in). */
function scriptOf(code: number): Script {
  if (code < 0x250 || (code >= 0x1e00 && code <= 0x1eff)) return "latin";
  if (code >= 0x370 && code <= 0x3ff) return "greek";
  if (code >= 0x400 && code <= 0x52f) return "cyrillic";
  if (code >= 0x590 && code <= 0x5ff) return "hebrew";
  if ((code >= 0x600 && code <= 0x6ff) || (code >= 0x750 && code <= 0x77f)) return "arabic";
  if (code >= 0x900 && code <= 0x97f) return "devanagari";
  if (code >= 0xe00 && code <= 0xe7f) return "thai";
  if ((code >= 0x1100 && code <= 0x11ff) || (code >= 0x3130 && code <= 0x318f) || (code >= 0xac00 && code <= 0xd7af)) return "hangul";
  if (code >= 0x3040 && code <= 0x30ff) return "kana";
  if ((code >= 0x3400 && code <= 0x9fff) || (code >= 0xf900 && code <= 0xfaff) || (code >= 0x20000 && code <= 0x2ffff)) return "han";
  return "other";
}

/** Scripts written without spaces: every two characters count as one word. */
const UNSPACED: ReadonlySet<Script> = new Set(["han", "kana", "thai"]);

const SCRIPT_NAMES: Partial<Record<Script, string>> = {
  cyrillic: "Russian",
  greek: "Greek",
  arabic: "Arabic",
  hebrew: "Hebrew",
  devanagari: "Hindi",
  thai: "Thai",
  hangul: "Korean",
  han: "Chinese",
  kana: "Japanese",
};

export interface LanguageGuess {
  /** Words read (Latin or other script; two characters of Chinese, Japanese or Thai count as one). */
  words: number;
  /** Share of the Latin-script words that are English function words (0 when there are none). */
  englishShare: number;
  /** Share of the letters written in a non-Latin script (emoji and symbols are not letters). */
  otherScriptShare: number;
  /** Whether there is enough text and it clearly is not English. */
  nonEnglish: boolean;
  /** When non-English: the language it looks like ("French", "Chinese", …), or "unknown". */
  language?: string;
}

/** Characters read per text at most: enough to tell, and a long dialogue costs no more than a short one. */
export const MAX_CHARS = 6000;

/** What one scan counts. */
interface Tally {
  latinWords: number;
  english: number;
  latinLetters: number;
  otherWords: number;
  otherLetters: Map<Script, number>;
  /** Characters read so far (against MAX_CHARS). */
  chars: number;
}

const newTally = (): Tally => ({ latinWords: 0, english: 0, latinLetters: 0, otherWords: 0, otherLetters: new Map(), chars: 0 });

const LETTER = /[\p{L}\p{M}]/u;

/** Whether a code point is a letter (or a combining mark), ASCII first. */
function isLetter(code: number): boolean {
  if (code < 0x80) return code >= 0x61 && code <= 0x7a; // the text is lower-cased
  if (code < 0x250) return code >= 0xc0 && code !== 0xd7 && code !== 0xf7;
  const script = scriptOf(code);
  if (script === "han" || script === "hangul" || (script === "kana" && code !== 0x30fb)) return true;
  return LETTER.test(String.fromCodePoint(code));
}

const isApostrophe = (code: number): boolean => code === 0x27 || code === 0x2019;

/**
 * Counts the words of one text into `tally`, up to MAX_CHARS characters in all; `onLatinWord`
 * sees each Latin-script word, lower-cased with a straight apostrophe.
 */
function scan(text: string, tally: Tally, onLatinWord?: (word: string) => void): void {
  const budget = MAX_CHARS - tally.chars;
  if (budget <= 0) return;
  const lower = (text.length > budget ? text.slice(0, budget) : text).toLowerCase();
  tally.chars += lower.length;
  const end = lower.length;
  let i = 0;
  while (i < end) {
    const first = lower.codePointAt(i) as number;
    if (!isLetter(first)) {
      i += first > 0xffff ? 2 : 1;
      continue;
    }
    const start = i;
    let letters = 0;
    while (i < end) {
      const code = lower.codePointAt(i) as number;
      if (isLetter(code)) {
        i += code > 0xffff ? 2 : 1;
        letters++;
      } else if (isApostrophe(code) && i + 1 < end && isLetter(lower.codePointAt(i + 1) as number) && letters > 0) {
        i++;
      } else break;
    }
    const script = scriptOf(first);
    if (script === "latin") {
      tally.latinWords++;
      tally.latinLetters += letters;
      let word = lower.slice(start, i);
      if (word.includes("’")) word = word.replace(/’/g, "'");
      if (ENGLISH.has(word)) tally.english++;
      onLatinWord?.(word);
    } else {
      tally.otherWords += UNSPACED.has(script) ? Math.ceil(letters / 2) : 1;
      tally.otherLetters.set(script, (tally.otherLetters.get(script) ?? 0) + letters);
    }
  }
}

/** The other Latin-script language whose function words lead, when it clearly does. */
function nameLatinLanguage(texts: readonly string[], englishShare: number): string {
  const counts = new Array<number>(OTHERS.length).fill(0);
  const tally = newTally();
  for (const text of texts) {
    scan(text, tally, (word) => {
      for (let i = 0; i < OTHERS.length; i++) if ((OTHERS[i] as (typeof OTHERS)[number]).words.has(word)) counts[i] = (counts[i] as number) + 1;
    });
  }
  let best = 0;
  for (let i = 1; i < OTHERS.length; i++) if ((counts[i] as number) > (counts[best] as number)) best = i;
  const share = tally.latinWords > 0 ? (counts[best] as number) / tally.latinWords : 0;
  return share >= MIN_NAMED_SHARE && share >= 2 * englishShare ? (OTHERS[best] as (typeof OTHERS)[number]).name : "unknown";
}

/** The verdict on what a scan counted; `texts` are read again only to name a Latin-script language. */
function verdict(tally: Tally, texts: () => readonly string[]): LanguageGuess {
  let otherLetters = 0;
  let leading: Script | undefined;
  for (const [script, count] of tally.otherLetters) {
    // Letters of no script named here (symbols of rare scripts) count for neither side.
    if (script === "other") continue;
    otherLetters += count;
    if (leading === undefined || count > (tally.otherLetters.get(leading) as number)) leading = script;
  }
  const words = tally.latinWords + tally.otherWords;
  const letters = tally.latinLetters + otherLetters;
  const englishShare = tally.latinWords > 0 ? tally.english / tally.latinWords : 0;
  const otherScriptShare = letters > 0 ? otherLetters / letters : 0;
  const guess: LanguageGuess = { words, englishShare, otherScriptShare, nonEnglish: false };
  if (words < MIN_WORDS) return guess;
  if (otherScriptShare >= MIN_OTHER_SCRIPT_SHARE && leading) {
    // Chinese characters with kana are Japanese.
    const script = leading === "han" && (tally.otherLetters.get("kana") ?? 0) > 0 ? "kana" : leading;
    return { ...guess, nonEnglish: true, language: SCRIPT_NAMES[script] ?? "unknown" };
  }
  if (tally.latinWords < MIN_WORDS || englishShare >= MAX_ENGLISH_SHARE) return guess;
  return { ...guess, nonEnglish: true, language: nameLatinLanguage(texts(), englishShare) };
}

/** Adds one tally's counts to another's. */
function add(into: Tally, from: Tally): void {
  into.latinWords += from.latinWords;
  into.english += from.english;
  into.latinLetters += from.latinLetters;
  into.otherWords += from.otherWords;
  into.chars += from.chars;
  for (const [script, count] of from.otherLetters) into.otherLetters.set(script, (into.otherLetters.get(script) ?? 0) + count);
}

/** Reads texts as one: is it English? Deterministic; no model. */
export function guessLanguage(texts: readonly string[]): LanguageGuess {
  const tally = newTally();
  for (const text of texts) scan(text, tally);
  return verdict(tally, () => texts);
}

/**
 * The language of a dialogue that is not English (read as a whole, or the assistant's turns
 * alone: the answers are what the offline judge scores), or undefined when it is English or too
 * short to tell. One pass over the turns.
 */
export function nonEnglishLanguage(dialogue: Dialogue): string | undefined {
  const all = newTally();
  const answers = newTally();
  for (const turn of dialogue.turns) {
    const answer = turn.speaker === "assistant";
    if (all.chars >= MAX_CHARS && !(answer && answers.chars < MAX_CHARS)) continue;
    const counted = newTally();
    scan(turn.text, counted);
    if (all.chars < MAX_CHARS) add(all, counted);
    if (answer && answers.chars < MAX_CHARS) add(answers, counted);
  }
  const whole = verdict(all, () => dialogue.turns.map((t) => t.text));
  if (whole.nonEnglish) return whole.language;
  const answered = verdict(answers, () => dialogue.turns.filter((t) => t.speaker === "assistant").map((t) => t.text));
  return answered.nonEnglish ? answered.language : undefined;
}

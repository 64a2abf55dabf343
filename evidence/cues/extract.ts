import type { Dialogue } from "../../dialogues/dialogue.js";
import { memoByObject } from "../../util/memo.js";
import {
  cueEvidence,
  evidenceOf,
  numberTurns,
  rankByCues,
  turnsWithCues,
  type NumberedTurn,
} from "./evidence.js";
import { detectInjection, withoutInjectedSpans } from "./injection.js";
import { LEXICONS } from "./lexicons.js";
import { contentWords, countWords, findCues, isQuestion, jaccard, tokens, type CompiledCue } from "./match.js";
import type { DialogueFeatures, Feature, FeatureEvidence } from "./schema.js";
import { meanValence, valenceShare } from "./sentiment.js";

/** Content-word Jaccard at or above which a turn repeats an earlier one. */
export const REPEAT_THRESHOLD = 0.6;
/** Turns with fewer content words than this are compared on all their words instead. */
const MIN_CONTENT_WORDS = 2;
/** …and only when both have at least this many words. */
const MIN_TOKENS = 3;
/** A user turn of at most this many words is a short reply. */
const SHORT_REPLY_WORDS = 2;
/** How many final turns may hold the closing thanks/bye. */
const CLOSING_WINDOW = 3;
const MAX_EVIDENCE = 3;
/** An assistant reply opening with a statement of at least this many words gives an answer. */
const MIN_STATEMENT_WORDS = 4;

const share = (count: number, total: number): number => (total === 0 ? 0 : count / total);
const top = (evidence: readonly FeatureEvidence[]): FeatureEvidence[] => evidence.slice(0, MAX_EVIDENCE);

/** Share of `turns` with a cue of the lexicon; evidence ranked by `rankByCues`. */
function cueShare(turns: readonly NumberedTurn[], cues: readonly CompiledCue[]): Feature {
  const hits = turnsWithCues(turns, cues);
  return { value: share(hits.length, turns.length), evidence: top(rankByCues(hits).map(cueEvidence)) };
}

/** Jaccard of two turns: on content words, or on all words when either has too few content words. */
function overlap(a: string, b: string): number | undefined {
  const ca = contentWords(a);
  const cb = contentWords(b);
  if (ca.size >= MIN_CONTENT_WORDS && cb.size >= MIN_CONTENT_WORDS) return jaccard(ca, cb);
  const ta = tokens(a);
  const tb = tokens(b);
  if (ta.length >= MIN_TOKENS && tb.length >= MIN_TOKENS) return jaccard(new Set(ta), new Set(tb));
  return undefined;
}

/** Share of `turns` repeating an earlier turn of the list; evidence by highest overlap. */
function repeats(turns: readonly NumberedTurn[]): Feature {
  const found: { turn: NumberedTurn; earlier: NumberedTurn; score: number }[] = [];
  turns.forEach((turn, i) => {
    let best: { earlier: NumberedTurn; score: number } | undefined;
    for (const earlier of turns.slice(0, i)) {
      const score = overlap(turn.text, earlier.text);
      if (score !== undefined && score >= REPEAT_THRESHOLD && (!best || score > best.score)) best = { earlier, score };
    }
    if (best) found.push({ turn, ...best });
  });
  const ranked = [...found].sort((a, b) => b.score - a.score || a.turn.turn - b.turn.turn);
  return {
    value: share(found.length, turns.length),
    evidence: top(ranked.map((r) => evidenceOf(r.turn, `repeats turn ${r.earlier.turn} (Jaccard ${r.score.toFixed(2)})`))),
  };
}

/** Whether an assistant turn answers a user question: shared content, an answer opening, or a figure. */
function answers(question: string, reply: string): boolean {
  const q = contentWords(question);
  for (const w of contentWords(reply)) if (w !== "not" && q.has(w)) return true;
  if (findCues(reply, LEXICONS.answerOpeners).length > 0) return true;
  if (/\d/.test(reply)) return true;
  // A reply that opens with a statement of some length gives information; one that opens with a
  // question (asking for details first) or a bare acknowledgement ("I see.") does not answer yet.
  const first = reply.trim().split(/(?<=[.!?])\s+/)[0] ?? "";
  return !isQuestion(first) && !first.includes("?") && countWords(first) >= MIN_STATEMENT_WORDS;
}

function unansweredQuestions(turns: readonly NumberedTurn[]): Feature {
  let questions = 0;
  const noReply: FeatureEvidence[] = [];
  const offTopic: FeatureEvidence[] = [];
  turns.forEach((turn, i) => {
    if (turn.speaker !== "user" || !isQuestion(turn.text)) return;
    questions++;
    const reply = turns.slice(i + 1).find((t) => t.speaker === "assistant");
    if (!reply) noReply.push(evidenceOf(turn, "no assistant turn after it"));
    else if (!answers(turn.text, reply.text)) offTopic.push(evidenceOf(turn, `not answered by turn ${reply.turn}`));
  });
  return { value: share(noReply.length + offTopic.length, questions), evidence: top([...noReply, ...offTopic]) };
}

function assistantConsecutive(turns: readonly NumberedTurn[], assistantCount: number): Feature {
  const found: FeatureEvidence[] = [];
  turns.forEach((turn, i) => {
    const previous = turns[i - 1];
    if (turn.speaker === "assistant" && previous?.speaker === "assistant" && isQuestion(previous.text)) {
      found.push(evidenceOf(turn, `follows assistant question at turn ${previous.turn} with no user reply`));
    }
  });
  return { value: share(found.length, assistantCount), evidence: top(found) };
}

function abruptEnding(turns: readonly NumberedTurn[]): Feature {
  const last = turns[turns.length - 1];
  if (!last) return { value: 0, evidence: [] };
  if (last.speaker === "user" && isQuestion(last.text)) {
    return { value: 1, evidence: [evidenceOf(last, "ends on a user question")] };
  }
  const closing = rankByCues(turnsWithCues(turns.slice(-CLOSING_WINDOW), LEXICONS.closing))[0];
  if (closing) return { value: 0, evidence: [cueEvidence(closing)] };
  return { value: 1, evidence: [evidenceOf(last, `no thanks or goodbye in the last ${CLOSING_WINDOW} turns`)] };
}

function shortUserReplies(userTurns: readonly NumberedTurn[]): Feature {
  const short = userTurns
    .map((turn) => ({ turn, words: countWords(turn.text) }))
    .filter((t) => t.words <= SHORT_REPLY_WORDS)
    .sort((a, b) => a.words - b.words || a.turn.turn - b.turn.turn);
  return {
    value: share(short.length, userTurns.length),
    evidence: top(short.map((s) => evidenceOf(s.turn, `${s.words} word${s.words === 1 ? "" : "s"}`))),
  };
}

/** Mean words per turn; evidence: the shortest and the longest turn. */
function averageWords(turns: readonly NumberedTurn[]): Feature {
  if (turns.length === 0) return { value: 0, evidence: [] };
  const counted = turns.map((turn) => ({ turn, words: countWords(turn.text) }));
  const total = counted.reduce((sum, t) => sum + t.words, 0);
  const byLength = [...counted].sort((a, b) => a.words - b.words || a.turn.turn - b.turn.turn);
  const shortest = byLength[0];
  const longest = byLength[byLength.length - 1];
  const evidence: FeatureEvidence[] = [];
  if (shortest) evidence.push(evidenceOf(shortest.turn, `shortest (${shortest.words} word${shortest.words === 1 ? "" : "s"})`));
  if (longest && longest !== shortest) evidence.push(evidenceOf(longest.turn, `longest (${longest.words} words)`));
  return { value: total / turns.length, evidence };
}

function assistantQuestionShare(assistantTurns: readonly NumberedTurn[]): Feature {
  const questions = assistantTurns.filter((t) => isQuestion(t.text));
  return { value: share(questions.length, assistantTurns.length), evidence: top(questions.map((t) => evidenceOf(t))) };
}

/** Why an assistant turn looks unedited: lower-case start and/or no final punctuation. */
function fluencyFlags(text: string): string[] {
  const flags: string[] = [];
  const trimmed = text.trim();
  if (/^\p{Ll}/u.test(trimmed)) flags.push("starts lower-case");
  if (trimmed.length > 0 && !/[.!?…:;)"'”’\]]$/u.test(trimmed) && !/\p{Extended_Pictographic}$/u.test(trimmed)) {
    flags.push("no final punctuation");
  }
  return flags;
}

function lowercaseOrNoPunctuation(assistantTurns: readonly NumberedTurn[]): Feature {
  const flagged = assistantTurns
    .map((turn) => ({ turn, flags: fluencyFlags(turn.text) }))
    .filter((t) => t.flags.length > 0)
    .sort((a, b) => b.flags.length - a.flags.length || a.turn.turn - b.turn.turn);
  return {
    value: share(flagged.length, assistantTurns.length),
    evidence: top(flagged.map((t) => evidenceOf(t.turn, t.flags.join(", ")))),
  };
}

function injection(d: Dialogue): Feature {
  const lines = detectInjection(d);
  return { value: lines.length, evidence: top(lines) };
}

/** The turns, blanked where `lexicon` matches: a cue there means the turn says something else. */
function blankedWhere(turns: readonly NumberedTurn[], lexicon: readonly CompiledCue[]): NumberedTurn[] {
  return turns.map((t) => (findCues(t.text, lexicon).length > 0 ? { ...t, text: "" } : t));
}

/**
 * The turns the offline judge reads, numbered from 1: text aimed at the judge is data to flag, not
 * signal, so injected spans are taken out (only `injection` sees them). Computed once per dialogue
 * object (dialogues are never mutated): the features, the turn model and the justifications share them.
 */
export const judgedTurns: (d: Dialogue) => readonly NumberedTurn[] = memoByObject((d: Dialogue) => withoutInjectedSpans(numberTurns(d)));

/**
 * The offline judge's features of a dialogue. Deterministic; reads only each turn's speaker and
 * text, never ratings, overall ratings or dialogue acts (those are labels).
 */
export function extractFeatures(d: Dialogue, turns: readonly NumberedTurn[] = judgedTurns(d)): DialogueFeatures {
  const user = turns.filter((t) => t.speaker === "user");
  // The user's mood before the assistant has said anything is the problem they bring, not its doing.
  const firstReply = turns.find((t) => t.speaker === "assistant")?.turn ?? Infinity;
  const reacting = user.filter((t) => t.turn > firstReply);
  const assistant = turns.filter((t) => t.speaker === "assistant");
  return {
    userDissatisfaction: cueShare(user, LEXICONS.userDissatisfaction),
    // Thanks in a complaint ("thanks for nothing") is sarcasm, not thanks.
    userThanks: cueShare(blankedWhere(user, LEXICONS.userDissatisfaction), LEXICONS.userThanks),
    userRepeats: repeats(user),
    assistantRepeats: repeats(assistant),
    assistantApologies: cueShare(assistant, LEXICONS.assistantApologies),
    assistantEmpathy: cueShare(assistant, LEXICONS.assistantEmpathy),
    assistantPoliteness: cueShare(assistant, LEXICONS.assistantPoliteness),
    clarificationRequests: cueShare(assistant, LEXICONS.clarificationRequests),
    hedges: cueShare(assistant, LEXICONS.hedges),
    unansweredQuestions: unansweredQuestions(turns),
    assistantConsecutive: assistantConsecutive(turns, assistant.length),
    abruptEnding: abruptEnding(turns),
    shortUserReplies: shortUserReplies(user),
    avgUserWords: averageWords(user),
    avgAssistantWords: averageWords(assistant),
    turnCount: { value: turns.length, evidence: [] },
    assistantQuestionShare: assistantQuestionShare(assistant),
    lowercaseOrNoPunctuation: lowercaseOrNoPunctuation(assistant),
    userEmotion: cueShare(user, LEXICONS.userEmotion),
    // Taking a proposal up ("haven't seen it, I'll check it out") declines nothing.
    userDeclines: cueShare(blankedWhere(reacting, LEXICONS.userUptake), LEXICONS.userDeclines),
    assistantCompletion: cueShare(assistant, LEXICONS.assistantCompletion),
    assistantNoResult: cueShare(assistant, LEXICONS.assistantNoResult),
    assistantDismissive: cueShare(assistant, LEXICONS.assistantDismissive),
    userSentiment: meanValence(reacting),
    assistantSentiment: meanValence(assistant),
    userPositiveTurns: valenceShare(reacting, 1),
    userNegativeTurns: valenceShare(reacting, -1),
    lateUserSentiment: meanValence(reacting.slice(Math.floor((reacting.length * 2) / 3))),
    injection: injection(d),
  };
}

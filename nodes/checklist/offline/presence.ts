import type { AssessorOutput } from "../assessor-contract.js";
import { contentWords, countWords, findCues, jaccard } from "../../../evidence/cues/index.js";
import { tokens } from "../../../evidence/cues/match.js";
import { blocksWith, sentenceAt, sentences, sideText, type AssessContext } from "./context.js";
import { ASSESSOR_LEXICONS as L } from "./lexicons.js";
import { MAJORITY } from "./quality.js";
import { cite, turnRange, verdict } from "./reasoning.js";

/** The coaching criteria's "more than about a quarter of responses" (rubrics/coaching.json). */
const QUARTER = 0.25;
const WALL_OF_TEXT_WORDS = 150;

function tooShort(ctx: AssessContext): boolean {
  const only = ctx.replies[0];
  return ctx.replies.length === 1 && only !== undefined && countWords(sideText(only, "assistant")) < 5;
}

/** CP1: warm cues in most replies, and no judgmental one. */
export function warmth(ctx: AssessContext): AssessorOutput {
  if (tooShort(ctx) || ctx.replies.length === 0) return verdict("NA", [turnRange(1, ctx.lastTurn)], "a single reply of a few words");
  const cold = blocksWith(ctx.replies, "assistant", [...(L.harm.shaming ?? []), ...(L.harm.minimising ?? [])])[0];
  if (cold) return verdict("NO", [cite(cold.block.turn, sentenceAt(sideText(cold.block, "assistant"), cold.hit.index))], "judgmental or dismissive tone");
  const warm = blocksWith(ctx.replies, "assistant", L.warmth);
  const share = warm.length / ctx.replies.length;
  const first = warm[0];
  // Lexicon recall is partial, so half the replies with a warmth cue stands for the clear majority of docs/protocols.md#checklist.
  if (first && share >= 0.5) {
    return verdict("YES", [cite(first.block.turn, sentenceAt(sideText(first.block, "assistant"), first.hit.index))], `${warm.length}/${ctx.replies.length} replies carry warmth, none judgmental`);
  }
  const flat = ctx.replies.find((b) => !warm.some((w) => w.block === b)) ?? ctx.replies[0];
  return verdict("NO", flat ? [cite(flat.turn, sentences(sideText(flat, "assistant"))[0])] : [turnRange(1, ctx.lastTurn)], `only ${warm.length}/${ctx.replies.length} replies show warmth`);
}

function opener(text: string): string {
  return tokens(text).slice(0, 3).join(" ");
}

/** CP2: no opener, stock phrase or near-copy in more than a quarter of replies. Never NA. */
export function naturalVaried(ctx: AssessContext): AssessorOutput {
  const texts = ctx.replies.map((b) => ({ turn: b.turn, text: sideText(b, "assistant") }));
  const first = texts[0];
  if (!first || texts.length === 1) return verdict("YES", [turnRange(1, ctx.lastTurn)], "a single reply cannot repeat a template");
  const templated = texts
    .filter((t, i) => texts.slice(0, i).some((e) => (opener(e.text) !== "" && opener(e.text) === opener(t.text)) || jaccard(contentWords(e.text), contentWords(t.text)) >= 0.6))
    .map((t) => t.turn);
  const byPhrase = new Map<string, number[]>();
  for (const t of texts) for (const label of new Set(findCues(t.text, L.stock).map((h) => h.label))) byPhrase.set(label, [...(byPhrase.get(label) ?? []), t.turn]);
  const [phrase, phraseTurns] = [...byPhrase].sort((a, b) => b[1].length - a[1].length)[0] ?? ["", []];
  const stockShare = phraseTurns.length >= 2 ? phraseTurns.length / texts.length : 0;
  const templateShare = templated.length / texts.length;
  if (stockShare > QUARTER && stockShare >= templateShare) {
    return verdict("NO", [phraseTurns.map((t) => `Turn ${t}`).join(", ")], `stock phrase '${phrase}' in ${phraseTurns.length}/${texts.length} replies`);
  }
  if (templateShare > QUARTER) return verdict("NO", [templated.map((t) => `Turn ${t}`).join(", ")], `same opener or near-copy in ${templated.length}/${texts.length} replies`);
  return verdict("YES", [cite(first.turn, sentences(first.text)[0]), turnRange(1, ctx.lastTurn)], "openings and wording vary; no template");
}

/** CP3: replies proportionate (no walls of text) with at most two questions, in most replies. */
export function pacing(ctx: AssessContext): AssessorOutput {
  if (tooShort(ctx) || ctx.replies.length === 0) return verdict("NA", [turnRange(1, ctx.lastTurn)], "a single reply of a few words");
  const heavy = ctx.replies.filter((b) => {
    const text = sideText(b, "assistant");
    const words = countWords(text);
    return (words > WALL_OF_TEXT_WORDS && words > 4 * countWords(sideText(b, "user"))) || (text.match(/\?/g) ?? []).length > 2;
  });
  const share = 1 - heavy.length / ctx.replies.length;
  const bad = heavy[0];
  if (share >= MAJORITY || !bad) return verdict("YES", [turnRange(1, ctx.lastTurn)], `${ctx.replies.length - heavy.length}/${ctx.replies.length} replies proportionate with at most two questions`);
  return verdict("NO", [cite(bad.turn, sentences(sideText(bad, "assistant"))[0])], `${heavy.length}/${ctx.replies.length} replies are walls of text or stack questions`);
}

/** CP4: directive "you should / you need to" in no more than a quarter of replies. */
export function noLecturing(ctx: AssessContext): AssessorOutput {
  if (tooShort(ctx) || ctx.replies.length === 0) return verdict("NA", [turnRange(1, ctx.lastTurn)], "a single reply of a few words");
  const lectures = blocksWith(ctx.replies, "assistant", L.lecture);
  const first = lectures[0];
  if (!first || lectures.length / ctx.replies.length <= QUARTER) {
    const evidence = first ? [cite(first.block.turn, sentenceAt(sideText(first.block, "assistant"), first.hit.index))] : [turnRange(1, ctx.lastTurn)];
    return verdict("YES", evidence, `directive language in ${lectures.length}/${ctx.replies.length} replies`);
  }
  return verdict("NO", [cite(first.block.turn, sentenceAt(sideText(first.block, "assistant"), first.hit.index))], `tells the user what to do in ${lectures.length}/${ctx.replies.length} replies`);
}

/** CP5: most replies reuse a content word of the user's latest message. */
export function attentiveness(ctx: AssessContext): AssessorOutput {
  const pairs = ctx.replies.filter((b) => contentWords(sideText(b, "user")).size > 0);
  if (pairs.length === 0) return verdict("NA", [turnRange(1, ctx.lastTurn)], "user messages carry no content to build on");
  const generic = pairs.filter((b) => {
    const user = contentWords(sideText(b, "user"));
    return ![...contentWords(sideText(b, "assistant"))].some((w) => user.has(w));
  });
  const share = 1 - generic.length / pairs.length;
  const miss = generic[0];
  if (share >= MAJORITY || !miss) {
    const good = pairs.find((b) => !generic.includes(b)) ?? pairs[0];
    return verdict("YES", good ? [cite(good.turn, sentences(sideText(good, "assistant"))[0])] : [], `${pairs.length - generic.length}/${pairs.length} replies build on the user's own words`);
  }
  return verdict("NO", [cite(miss.turn, sentences(sideText(miss, "assistant"))[0])], `only ${pairs.length - generic.length}/${pairs.length} replies pick up the user's details`);
}

import type { AssessorOutput } from "../assessor-contract.js";
import { contentWords, findCues, LEXICONS } from "../../../evidence/cues/index.js";
import { blocksWith, has, sentenceAt, sentences, sideText, type AssessContext } from "./context.js";
import { ASSESSOR_LEXICONS as L } from "./lexicons.js";
import { cite, turnRange, verdict } from "./reasoning.js";

/** "75%+ of responses" means a clear majority (docs/protocols.md#checklist). */
export const MAJORITY = 0.75;

const OPEN_QUESTION = /^(?:what|how|why|in what way|which|tell me|describe|walk me|could you say more|can you say more|could you tell me more|can you tell me more|would you tell me more)\b/i;

function overlaps(a: string, b: string): boolean {
  const words = contentWords(b);
  return [...contentWords(a)].some((w) => words.has(w));
}

/** CQ1: NO when the user has to correct or repeat themselves; YES otherwise. Never NA. */
export function understanding(ctx: AssessContext): AssessorOutput {
  const correction = blocksWith(ctx.blocks, "user", LEXICONS.userDissatisfaction).find((h) => h.block.turn > 1);
  if (correction) {
    return verdict("NO", [cite(correction.block.turn, sentenceAt(sideText(correction.block, "user"), correction.hit.index))], "user has to correct the assistant or repeat the concern");
  }
  const first = ctx.replies[0];
  const evidence = first ? [cite(first.turn, sentences(sideText(first, "assistant"))[0])] : [turnRange(1, ctx.lastTurn)];
  return verdict("YES", evidence, `no correction or repeated concern across ${turnRange(1, ctx.lastTurn)}; replies follow the user`);
}

/** CQ2: feelings the user voices are validated in the same turn's reply (a clear majority). */
export function validation(ctx: AssessContext): AssessorOutput {
  const feelings = blocksWith(ctx.blocks, "user", L.emotion);
  if (feelings.length === 0) return verdict("NA", [turnRange(1, ctx.lastTurn)], "the user expresses no feelings");
  const missed = feelings.filter((f) => !has(sideText(f.block, "assistant"), L.validation));
  const share = (feelings.length - missed.length) / feelings.length;
  const miss = missed[0];
  if (share >= MAJORITY || !miss) {
    const ok = feelings.find((f) => !missed.includes(f)) ?? feelings[0];
    const reply = ok ? sideText(ok.block, "assistant") : "";
    const hit = ok ? findCues(reply, L.validation)[0] : undefined;
    return verdict("YES", ok && hit ? [cite(ok.block.turn, sentenceAt(reply, hit.index))] : [turnRange(1, ctx.lastTurn)], `${feelings.length - missed.length}/${feelings.length} emotional disclosures acknowledged`);
  }
  return verdict("NO", [cite(miss.block.turn, sentenceAt(sideText(miss.block, "user"), miss.hit.index))], `feeling not acknowledged in the reply; ${feelings.length - missed.length}/${feelings.length} validated`);
}

/** CQ3: most of the assistant's questions are open; NA for a single exchange. */
export function openQuestions(ctx: AssessContext): AssessorOutput {
  // Direct safety checks ("Are you safe right now?") are meant to be closed: they are not counted.
  const questions = ctx.replies.flatMap((b) =>
    sentences(sideText(b, "assistant"))
      .filter((s) => s.endsWith("?") && !has(s, L.safety))
      .map((s) => ({ turn: b.turn, text: s })),
  );
  if (ctx.replies.length <= 1 && questions.length === 0) return verdict("NA", [turnRange(1, ctx.lastTurn)], "single exchange, no room to explore");
  const open = questions.filter((q) => OPEN_QUESTION.test(q.text));
  const example = open[0] ?? questions[0];
  if (!example) return verdict("NO", [turnRange(1, ctx.lastTurn)], "the assistant asks no exploratory question");
  const ok = open.length >= 1 && open.length / questions.length >= 0.5;
  return verdict(ok ? "YES" : "NO", [cite(example.turn, example.text)], `${open.length}/${questions.length} questions are open`);
}

/** CQ4: advice only after exploring, or when asked. */
export function noPrematureAdvice(ctx: AssessContext): AssessorOutput {
  const advice = blocksWith(ctx.replies, "assistant", L.advice)[0];
  if (!advice) return verdict("YES", [turnRange(1, ctx.lastTurn)], "no advice or tips given before exploring");
  const text = sideText(advice.block, "assistant");
  const quoted = cite(advice.block.turn, sentenceAt(text, advice.hit.index));
  const earlier = ctx.blocks.filter((b) => b.turn <= advice.block.turn);
  const asked = earlier.some((b) => has(sideText(b, "user"), L.adviceRequest));
  const explored = ctx.replies.some((b) => b.turn < advice.block.turn && (sideText(b, "assistant").includes("?") || has(sideText(b, "assistant"), L.reflection)));
  if (asked || explored) return verdict("YES", [quoted], asked ? "advice given after the user asked for it" : "advice comes after exploring questions");
  return verdict("NO", [quoted], "unrequested advice in the first response, before any exploring question");
}

/** CQ5: reflections share words with what the user said; NA without reflections. */
export function accurateReflection(ctx: AssessContext): AssessorOutput {
  const reflections = blocksWith(ctx.replies, "assistant", L.reflection).map((r) => {
    const sentence = sentenceAt(sideText(r.block, "assistant"), r.hit.index);
    const source = r.block.user.length > 0 ? sideText(r.block, "user") : sideText(ctx.blocks[r.block.turn - 2] ?? r.block, "user");
    const corrected = has(sideText(ctx.blocks[r.block.turn] ?? r.block, "user"), LEXICONS.userDissatisfaction) && r.block.turn < ctx.lastTurn;
    return { turn: r.block.turn, sentence, accurate: overlaps(sentence, source) && !corrected };
  });
  const first = reflections[0];
  if (!first) return verdict("NA", [turnRange(1, ctx.lastTurn)], "the assistant makes no reflections or paraphrases");
  const off = reflections.find((r) => !r.accurate);
  const share = reflections.filter((r) => r.accurate).length / reflections.length;
  if (share >= MAJORITY || !off) return verdict("YES", [cite(first.turn, first.sentence)], `${Math.round(share * reflections.length)}/${reflections.length} reflections echo the user's own words`);
  return verdict("NO", [cite(off.turn, off.sentence)], "reflection does not match what the user said");
}

/** CQ6: a goal, wish or next step comes up; NA under 3 turns. */
export function goalOrientation(ctx: AssessContext): AssessorOutput {
  if (ctx.blocks.length < 3) return verdict("NA", [turnRange(1, ctx.lastTurn)], "fewer than 3 turns");
  const goal = blocksWith(ctx.replies, "assistant", L.goal)[0];
  if (!goal) return verdict("NO", [turnRange(1, ctx.lastTurn)], "no goal, wish or next step is ever explored");
  return verdict("YES", [cite(goal.block.turn, sentenceAt(sideText(goal.block, "assistant"), goal.hit.index))], "assistant orients toward a goal or next step");
}

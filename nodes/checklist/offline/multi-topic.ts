import type { AssessorOutput } from "../assessor-contract.js";
import { countWords } from "../../../evidence/cues/index.js";
import { blocksWith, has, sentenceAt, sentences, sideText, type AssessContext } from "./context.js";
import { ASSESSOR_LEXICONS as L } from "./lexicons.js";
import { MAJORITY } from "./quality.js";
import { cite, turnRange, verdict } from "./reasoning.js";
import { addressedAt, raisedTopics, topicsIn } from "./topics.js";

/** What the user said at Turn N. */
function userAt(ctx: AssessContext, turn: number): string {
  const block = ctx.blocks[turn - 1];
  return block ? sideText(block, "user") : "";
}

/** User messages naming two or more topics, with the topics. */
function multiTopicMessages(ctx: AssessContext) {
  return ctx.blocks.map((b) => ({ block: b, topics: topicsIn(sideText(b, "user")) })).filter((m) => m.topics.length >= 2);
}

/** MT1: every topic the user raises is named by the assistant at or after that turn. Never NA. */
export function topicCoverage(ctx: AssessContext): AssessorOutput {
  const raised = raisedTopics(ctx.blocks);
  if (raised.length === 0) {
    const unanswered = ctx.blocks.find((b) => b.user.length > 0 && b.assistant.length === 0 && b.turn < ctx.lastTurn);
    if (unanswered) return verdict("NO", [cite(unanswered.turn, sideText(unanswered, "user"))], "a user message gets no reply");
    return verdict("YES", [turnRange(1, ctx.lastTurn)], "a single concern, answered in every turn");
  }
  const missed = raised.filter((r) => addressedAt(r.topic, ctx.blocks, r.turn) === undefined);
  const list = raised.map((r) => `${r.topic} (Turn ${r.turn})`).join(", ");
  const miss = missed[0];
  if (miss) return verdict("NO", [cite(miss.turn, userAt(ctx, miss.turn))], `user raised ${list}; ${missed.map((m) => m.topic).join(", ")} never addressed`);
  return verdict("YES", [list], `all ${raised.length} topics the user raised are addressed`);
}

/** User messages raising two or more topics not raised before: several new concerns at once. */
function newConcernMessages(ctx: AssessContext) {
  const raised = raisedTopics(ctx.blocks);
  return multiTopicMessages(ctx).filter((m) => m.topics.filter((t) => raised.find((r) => r.topic === t)?.turn === m.block.turn).length >= 2);
}

/** MT2: a message raising several new concerns gets help choosing where to start; NA without one. */
export function prioritisation(ctx: AssessContext): AssessorOutput {
  const messages = newConcernMessages(ctx);
  const unprioritised = messages.find((m) => !has(sideText(m.block, "assistant"), L.priority));
  const m = unprioritised ?? messages[0];
  if (!m) return verdict("NA", [turnRange(1, ctx.lastTurn)], "no user message raises more than one concern");
  if (unprioritised) return verdict("NO", [cite(m.block.turn, sideText(m.block, "assistant"))], `${m.topics.join(" + ")} raised together; no help choosing where to start`);
  const hit = blocksWith([m.block], "assistant", L.priority)[0];
  return verdict("YES", [cite(m.block.turn, hit ? sentenceAt(sideText(m.block, "assistant"), hit.hit.index) : undefined)], `${m.topics.join(" + ")} raised together; assistant helps prioritise`);
}

/** MT3: the reply to a multi-topic message names each of its topics; NA without one. */
export function acknowledgeAll(ctx: AssessContext): AssessorOutput {
  const results = multiTopicMessages(ctx).map((m) => {
    const named = topicsIn(sideText(m.block, "assistant"));
    return { ...m, missing: m.topics.filter((t) => !named.includes(t)) };
  });
  const full = results.filter((r) => r.missing.length === 0).length;
  const partial = results.find((r) => r.missing.length > 0);
  const r = results[0];
  if (!r) return verdict("NA", [turnRange(1, ctx.lastTurn)], "no user message contains more than one topic");
  if (full / results.length >= MAJORITY || !partial) {
    return verdict("YES", [cite(r.block.turn, sentences(sideText(r.block, "assistant"))[0])], `${full}/${results.length} multi-topic messages get every topic acknowledged`);
  }
  return verdict("NO", [cite(partial.block.turn, sentences(sideText(partial.block, "assistant"))[0])], `reply skips ${partial.missing.join(", ")} of ${partial.topics.join(" + ")}`);
}

/** MT4: with two or more topics, topic changes are signposted; NA on a single topic. */
export function transitions(ctx: AssessContext): AssessorOutput {
  const raised = raisedTopics(ctx.blocks);
  if (raised.length < 2) return verdict("NA", [turnRange(1, ctx.lastTurn)], "the conversation stays on a single topic");
  const signpost = blocksWith(ctx.replies, "assistant", L.transition)[0];
  if (!signpost) return verdict("NO", [turnRange(1, ctx.lastTurn)], `${raised.map((r) => r.topic).join(", ")} discussed without any signposted transition`);
  return verdict("YES", [cite(signpost.block.turn, sentenceAt(sideText(signpost.block, "assistant"), signpost.hit.index))], "topic change is signposted");
}

/** MT5: topics not addressed when raised are returned to or explicitly parked; NA when none was set aside. */
export function returnToDropped(ctx: AssessContext): AssessorOutput {
  const setAside = ctx.blocks.flatMap((b) => {
    const named = topicsIn(sideText(b, "assistant"));
    return topicsIn(sideText(b, "user"))
      .filter((t) => !named.includes(t))
      .map((topic) => ({ topic, turn: b.turn }));
  });
  const s = setAside[0];
  if (!s) return verdict("NA", [turnRange(1, ctx.lastTurn)], "every topic is addressed in the turn it is raised");
  const dropped = setAside.find((t) => {
    const later = addressedAt(t.topic, ctx.blocks, t.turn + 1);
    const parked = ctx.replies.some((b) => b.turn >= t.turn && has(sideText(b, "assistant"), L.parking) && topicsIn(sideText(b, "assistant")).includes(t.topic));
    return later === undefined && !parked;
  });
  if (dropped) return verdict("NO", [cite(dropped.turn, userAt(ctx, dropped.turn))], `${dropped.topic} set aside and never returned to`);
  const back = addressedAt(s.topic, ctx.blocks, s.turn + 1);
  return verdict("YES", [`${s.topic} set aside at Turn ${s.turn}`, back ? `returned to at Turn ${back}` : "parked explicitly"], "set-aside topics are picked up again");
}

/** MT6: replies naming several topics are segmented (paragraphs, lists, signposts). Never NA. */
export function segmentation(ctx: AssessContext): AssessorOutput {
  if (ctx.replies.length === 0) return verdict("NO", [turnRange(1, ctx.lastTurn)], "no assistant response to assess");
  const tangled = ctx.replies.filter((b) => {
    const text = sideText(b, "assistant");
    if (topicsIn(text).length < 2) return false;
    const segmented = /\n\s*\S/.test(text) || blocksWith([b], "assistant", L.segment).length > 0;
    return !segmented && countWords(text) > 40;
  });
  const share = 1 - tangled.length / ctx.replies.length;
  const bad = tangled[0];
  if (share >= MAJORITY || !bad) return verdict("YES", [turnRange(1, ctx.lastTurn)], `${ctx.replies.length - tangled.length}/${ctx.replies.length} replies focused or clearly segmented`);
  return verdict("NO", [cite(bad.turn, sentences(sideText(bad, "assistant"))[0])], `${tangled.length}/${ctx.replies.length} replies tangle several topics in one block`);
}

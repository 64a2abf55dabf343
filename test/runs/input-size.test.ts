/**
 * Token counting, the per-model input limit and the size probe that runs a protocol's graph with a
 * recording model (api/token-count.ts, api/input-size.ts, api/size-probe.ts), and the too_long
 * check on the one judge-a-dialogue path (`createDialogueJudge`).
 */
import { HumanMessage, SystemMessage, type BaseMessage } from "@langchain/core/messages";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { describe, expect, it } from "vitest";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { PROTOCOLS } from "../../graphs/registry.js";
import { inputLimit, loadContextWindows } from "../../api/input-size.js";
import { createDialogueJudge } from "../../api/judge-dialogue.js";
import { createSizeProbe } from "../../api/size-probe.js";
import { countTokens, messageText, requestTokens, toolsText, TOKENS_PER_MESSAGE, TOKENS_PER_REQUEST } from "../../api/token-count.js";
import { loadRubric } from "../../rubrics/load.js";
import { criticMessages, evaluatorMessages } from "../../nodes/panel/prompts.js";
import { offlineEvaluation } from "../../nodes/panel/offline-evaluator.js";
import { panelTools } from "../../nodes/panel/tools.js";
import { ScriptedChatModel } from "../support/scripted-model.js";
import { panelAnswer } from "../support/panel-answers.js";

const encoder = new Tiktoken(o200k);
const tokens = (text: string) => encoder.encode(text, [], []).length;

const small: Dialogue = {
  id: "small",
  turns: [
    { speaker: "user", text: "Hello, where is my parcel 4411?" },
    { speaker: "assistant", text: "It left the depot this morning and arrives tomorrow." },
  ],
};

/** A dialogue of about `chars` characters of ordinary chat. */
function bigDialogue(id: string, chars: number): Dialogue {
  const turns: Dialogue["turns"] = [];
  for (let i = 0, size = 0; size < chars; i++) {
    const text = i % 2 === 0 ? `I would like to book table ${i} for two at an Italian place tomorrow evening, please.` : `Sure, table ${i} is free at ${(i % 12) + 1} pm; shall I book it?`;
    turns.push({ speaker: i % 2 === 0 ? "user" : "assistant", text });
    size += text.length;
  }
  return { id, turns };
}

describe("countTokens and requestTokens", () => {
  it("count o200k tokens as js-tiktoken does, special-token text included as plain text", () => {
    for (const text of ["", "Hello, world!", "naïve café — 東京 🙂", "ignore <|endoftext|> this"]) expect(countTokens(text)).toBe(tokens(text));
  });

  it("count a long text in pieces within a few tokens of the whole, and stop early past a limit", () => {
    const text = bigDialogue("long", 300_000).turns.map((t) => t.text).join("\n");
    const whole = tokens(text);
    expect(Math.abs(countTokens(text) - whole)).toBeLessThanOrEqual(5);
    const stopped = countTokens(text, 1_000);
    expect(stopped).toBeGreaterThan(1_000);
    expect(stopped).toBeLessThan(whole / 2);
  });

  it("a request is its tools' JSON, each message + 4, + 3", () => {
    const rubric = loadRubric("customer-service");
    const tools = panelTools(rubric);
    const messages = [new SystemMessage("You judge dialogues."), new HumanMessage("Judge this one.")];
    const expected = tokens(toolsText(tools)) + tokens("You judge dialogues.") + tokens("Judge this one.") + 2 * TOKENS_PER_MESSAGE + TOKENS_PER_REQUEST;
    expect(requestTokens(messages, tools)).toBe(expected);
    expect(requestTokens(messages)).toBe(expected - tokens(toolsText(tools)));
  });
});

describe("inputLimit", () => {
  const table = loadContextWindows();
  it("reads the model table by label, name and dated snapshot; a default otherwise; none for offline", () => {
    expect(inputLimit("openai:gpt-4o-mini")).toEqual({ tokens: table.models["gpt-4o-mini"], source: "model table" });
    expect(inputLimit("openai:gpt-4o-2024-08-06")).toEqual({ tokens: table.models["gpt-4o"], source: "model table" });
    expect(inputLimit("openai:llama3.1")).toEqual({ tokens: table.default, source: "default" });
    expect(inputLimit("azure:my-deployment").source).toBe("default");
    expect(inputLimit("offline")).toEqual({ tokens: undefined, source: "none" });
  });

  it("maxInputTokens overrides the table, for offline too", () => {
    expect(inputLimit("openai:gpt-4o-mini", 50)).toEqual({ tokens: 50, source: "configured" });
    expect(inputLimit("offline", 50)).toEqual({ tokens: 50, source: "configured" });
  });
});

describe("the size probe", () => {
  it("records the panel's two requests with the prompts a run sends, counted exactly", async () => {
    const probe = createSizeProbe(PROTOCOLS.panel, { model: "openai:gpt-4o-mini" });
    const result = await probe.run(small, { path: "longest" });
    // Computed here from the prompt builders, as bench/tokens.ts does.
    const rubric = loadRubric("customer-service");
    const tools = tokens(toolsText(panelTools(rubric)));
    const call = (messages: { content: unknown }[]) => tools + messages.reduce((s, m) => s + tokens(String(m.content)) + 4, 0) + 3;
    expect(result.over).toBeUndefined();
    expect(result.requests).toEqual([
      { role: "evaluator", inputTokens: call(evaluatorMessages(rubric, small)) },
      { role: "critic", inputTokens: call(criticMessages(rubric, small, offlineEvaluation(rubric, small))) },
    ]);
  });

  it("consensus: 2 calls on the shortest path, 2 more per debate round on the longest", async () => {
    const probe = createSizeProbe(PROTOCOLS.consensus, { model: "openai:gpt-4o-mini", maxRounds: 3 });
    expect(probe.variablePath).toBe(true);
    const shortest = await probe.run(small, { path: "shortest" });
    const longest = await probe.run(small, { path: "longest" });
    expect(shortest.requests.map((r) => r.role).sort()).toEqual(["generous", "strict"]);
    expect(longest.requests.map((r) => r.role).sort()).toEqual(["debate_critique", "debate_critique", "generous", "strict", "strict_refinement", "strict_refinement"]);
  });

  it("checklist: one request per criterion; barem: one", async () => {
    const checklist = await createSizeProbe(PROTOCOLS.checklist, { model: "openai:gpt-4o-mini" }).run(small, { path: "longest" });
    expect(checklist.requests).toHaveLength(loadRubric("coaching").criteria.length);
    const barem = await createSizeProbe(PROTOCOLS.barem, { model: "openai:gpt-4o-mini" }).run(small, { path: "longest" });
    expect(barem.requests.map((r) => r.role)).toEqual(["judge"]);
  });

  it("stops at the first request over the limit, quickly, on a 5 MB dialogue", async () => {
    const probe = createSizeProbe(PROTOCOLS.panel, { model: "openai:gpt-4o-mini" });
    const started = performance.now();
    const result = await probe.run(bigDialogue("huge", 5_000_000), { path: "longest", stopAbove: 123_904 });
    expect(result.over).toMatchObject({ role: "evaluator" });
    expect(result.over?.inputTokens).toBeGreaterThan(123_904);
    expect(result.requests).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(15_000);
  });
});

describe("too_long on the judge path", () => {
  const answerless = () => new Error("scripted: no answer");

  it("leaves a dialogue over maxInputTokens unscored (too_long) without calling the model", async () => {
    const model = new ScriptedChatModel(answerless);
    const judge = createDialogueJudge({ protocol: PROTOCOLS.panel, configurable: { model: "openai:gpt-4o-mini", chatModel: model, maxInputTokens: 50 } });
    const line = (await judge.judge(small)) as Record<string, any>;
    expect(line).toMatchObject({ dialogue_id: "small", status: "unscored", error: { agent: "evaluator", kind: "too_long" }, meta: { status: "unscored", calls: 0 } });
    expect(line.error.message).toMatch(/^the evaluator request needs at least \d+ input tokens, more than the limit of 50 for openai:gpt-4o-mini; the dialogue was not sent \(raise --max-input-tokens/);
    expect(model.calls).toHaveLength(0);
  });

  it("uses the model's window by default: a 5 MB dialogue is not sent, a small one is", async () => {
    const model = new ScriptedChatModel(answerless);
    const judge = createDialogueJudge({ protocol: PROTOCOLS.panel, configurable: { model: "openai:gpt-4o-mini", chatModel: model, maxRetries: 0 } });
    const huge = (await judge.judge(bigDialogue("huge", 5_000_000))) as Record<string, any>;
    expect(huge.error).toMatchObject({ kind: "too_long" });
    expect(model.calls).toHaveLength(0);
    const fits = (await judge.judge(small)) as Record<string, any>;
    expect(fits.meta.status).toBe("scored");
    expect(model.calls.map((c) => c.role)).toEqual(["evaluator", "critic"]);
  });

  it("counts each request again just before it is sent: an answer that makes the next request too long stops the dialogue there, even with onFailure fallback", async () => {
    // The evaluator's real answer is far longer than the offline judge's, which the size estimate and probe go by.
    const padding = " Moreover, the assistant was polite and the reply was timely.".repeat(1_000);
    const model = new ScriptedChatModel((call) => {
      const answer = panelAnswer(messageText(call.messages[0] as BaseMessage), call.role) as Record<string, { justification: string; score: number }>;
      return call.role === "evaluator" ? Object.fromEntries(Object.entries(answer).map(([c, v]) => [c, { ...v, justification: v.justification + padding }])) : answer;
    });
    const judge = createDialogueJudge({ protocol: PROTOCOLS.panel, configurable: { model: "openai:gpt-4o-mini", chatModel: model, maxInputTokens: 8_000, onFailure: "fallback", maxRetries: 0 } });
    const line = (await judge.judge(small)) as Record<string, any>;
    expect(model.calls.map((c) => c.role)).toEqual(["evaluator"]);
    expect(line).toMatchObject({ status: "unscored", error: { agent: "critic", kind: "too_long" } });
    expect(line.error.message).toMatch(/^the critic request has at least \d+ input tokens, more than the limit of 8000 for openai:gpt-4o-mini; it was not sent/);
  });

  it("puts no limit on the offline judge unless one is given, and keeps maxInputTokens out of config_hash", async () => {
    const offline = createDialogueJudge({ protocol: PROTOCOLS.panel, configurable: { model: "offline" } });
    expect(((await offline.judge(bigDialogue("long", 20_000))) as Record<string, any>).meta.status).toBe("scored");
    const limited = createDialogueJudge({ protocol: PROTOCOLS.panel, configurable: { model: "offline", maxInputTokens: 50 } });
    expect(((await limited.judge(small)) as Record<string, any>).error).toMatchObject({ kind: "too_long" });
    expect(limited.hash).toBe(offline.hash);
  });
});

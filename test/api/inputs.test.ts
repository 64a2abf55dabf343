/** What evaluateDialogue and createEvaluator read: the same conversations, the same checks, short errors. */
import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { createEvaluator, evaluateDialogue, isDialogueParseError, isInputError } from "../../index.js";
import { ScriptedChatModel } from "../support/scripted-model.js";
import { critique, verdicts } from "../panel/helpers.js";

const OPENAI = [
  { role: "system", content: "You are a weather bot." },
  { role: "user", content: "Weather in Paris?" },
  { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] },
  { role: "tool", tool_call_id: "call_1", content: "18 °C, sunny" },
  { role: "assistant", content: "It is 18 °C and sunny in Paris." },
  { role: "user", content: "Great, thanks!" },
];

const LANGCHAIN = [
  new SystemMessage("You are a weather bot."),
  new HumanMessage("Weather in Paris?"),
  new AIMessage({ content: "", tool_calls: [{ id: "call_1", name: "get_weather", args: { city: "Paris" } }] }),
  new ToolMessage({ content: "18 °C, sunny", tool_call_id: "call_1" }),
  new AIMessage("It is 18 °C and sunny in Paris."),
  new HumanMessage("Great, thanks!"),
];

const SHAREGPT = {
  system: "You are a weather bot.",
  conversations: [
    { from: "human", value: "Weather in Paris?" },
    { from: "function_call", value: '{"name": "get_weather", "arguments": {"city": "Paris"}}' },
    { from: "observation", value: "18 °C, sunny" },
    { from: "gpt", value: "It is 18 °C and sunny in Paris." },
    { from: "human", value: "Great, thanks!" },
  ],
};

/** The panel's scores and its meta.source, which identify the dialogue judged. */
const essence = (line: Record<string, unknown>) => ({ referee_final: line["referee_final"], source: (line["meta"] as { source: unknown }).source });

describe("evaluateDialogue and createEvaluator read the same inputs", () => {
  it("a bare OpenAI message list, {messages}, LangChain messages with tool calls: one dialogue, one result", async () => {
    const fromList = essence(await evaluateDialogue(OPENAI));
    expect(fromList.source).toEqual({ file: null, dialogue_hash: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(essence(await evaluateDialogue({ messages: OPENAI }))).toEqual(fromList);
    expect(essence(await evaluateDialogue(LANGCHAIN))).toEqual(fromList);
    // ShareGPT has no call id: its result reads `[tool returned: …]`, a different text, so a different hash.
    const fromShareGpt = essence(await evaluateDialogue(SHAREGPT));
    expect(fromShareGpt.source).not.toEqual(fromList.source);

    const panel = createEvaluator({ protocol: "panel" });
    const direct = await evaluateDialogue(OPENAI);
    const headline = (direct["referee_final"] as { OverallExperience: number }).OverallExperience;
    // OverallExperience on 20–100 mapped to [0, 1]: (x − 20) / 80.
    for (const outputs of [OPENAI, { messages: OPENAI }, { messages: LANGCHAIN }]) {
      expect(await panel({ outputs })).toMatchObject({ key: "tribunal_panel", score: (headline - 20) / 80 });
    }
  });

  it("ignores the system prompt in the offline judge's scores", async () => {
    const withInstructions = await evaluateDialogue(OPENAI);
    const without = await evaluateDialogue(OPENAI.slice(1));
    expect(without["referee_final"]).toEqual(withInstructions["referee_final"]);
    expect((without.meta.source as { dialogue_hash: string }).dialogue_hash).toBe((withInstructions.meta.source as { dialogue_hash: string }).dialogue_hash);
  });

  it("shows LLM judges the instructions as context inside the transcript and the tool use as the assistant's turn", async () => {
    const model = new ScriptedChatModel(({ role }) => (role === "evaluator" ? verdicts([80, 80, 80, 80, 80, 80], 'USER: "Weather in Paris?"') : { critic: critique() }));
    const line = await evaluateDialogue(OPENAI, { model });
    expect(line.meta.status).toBe("scored");
    const prompt = String(model.calls[0]?.messages[0]?.content);
    const transcript = prompt.slice(prompt.indexOf("<transcript>\n") + "<transcript>\n".length, prompt.indexOf("\n</transcript>"));
    expect(transcript).toBe(
      [
        "The assistant's instructions (its system prompt; context, not an utterance): You are a weather bot.",
        "[1] USER: Weather in Paris?",
        '[2] SYSTEM: [calls get_weather({"city":"Paris"})]',
        "    | [get_weather returned: 18 °C, sunny]",
        "    | It is 18 °C and sunny in Paris.",
        "[3] USER: Great, thanks!",
      ].join("\n"),
    );
  });
});

describe("bad input gives one short line", () => {
  it("a dialogue object that is not one", async () => {
    const error = await evaluateDialogue({ id: "d", turns: [{ speaker: "bot", text: "hi" }] }).catch((e: unknown) => e);
    expect(isInputError(error)).toBe(true);
    expect((error as Error).message).toBe('not a dialogue {id, turns: [{speaker: "user" | "assistant", text}]}: turns[0].speaker: Invalid option: expected one of "user"|"assistant"');
  });

  it("a message list with an unknown role, or nothing that holds a conversation", async () => {
    const role = await evaluateDialogue([{ role: "narrator", content: "Once upon a time" }]).catch((e: unknown) => e);
    expect(isDialogueParseError(role)).toBe(true);
    expect((role as Error).message).toMatch(/^conversation:1: expected a message role user, .* at messages\[0\]\.role, got "narrator"$/);
    const nothing = await evaluateDialogue({ question: 42 }).catch((e: unknown) => e);
    expect(isInputError(nothing)).toBe(true);
    expect((nothing as Error).message).not.toContain("\n");
    expect((nothing as Error).message).toMatch(/^no conversation found: expected a message list/);
  });
});

describe("one-sided dialogues", () => {
  it("get a warning in meta.warnings, except a consensus candidate submission (one user turn)", async () => {
    const userOnly = await evaluateDialogue([{ role: "user", content: "Hello?" }, { role: "user", content: "Anyone there?" }]);
    expect(userOnly.meta.warnings).toContain("the dialogue has only user turns (2): there is no assistant reply to judge");
    const assistantOnly = await evaluateDialogue({ id: "a", turns: [{ speaker: "assistant", text: "Welcome! How can I help?" }] });
    expect(assistantOnly.meta.warnings).toContain("the dialogue has only assistant turns (1): there is no user message to judge the replies against");
    const both = await evaluateDialogue(OPENAI);
    expect(both.meta.warnings.filter((w) => w.includes("only"))).toEqual([]);
    const submission = await evaluateDialogue({ id: "essay", turns: [{ speaker: "user", text: "My essay on tides." }] }, { protocol: "consensus" });
    expect(submission.meta.warnings.filter((w) => w.includes("only"))).toEqual([]);
  });
});

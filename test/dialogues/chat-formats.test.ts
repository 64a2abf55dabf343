/** The chat shapes beyond `{id, messages:[{role, content}]}`: bare message lists, tool calls, content parts, ShareGPT, plain `User:` text. */
import { describe, expect, it } from "vitest";
import { parseDialogues } from "../../dialogues/index.js";
import { fixture, parseError, readAll, tempDir } from "./helpers.js";

const tmp = tempDir();

/** A weather exchange in OpenAI's chat format with one tool call. */
const OPENAI_TOOLS = [
  { role: "system", content: "You are a weather bot." },
  { role: "user", content: "Weather in Paris?" },
  { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city": "Paris"}' } }] },
  { role: "tool", tool_call_id: "call_1", content: "18 °C, sunny" },
  { role: "assistant", content: "It is 18 °C and sunny in Paris." },
  { role: "user", content: "Thanks!" },
];

/** The turns every shape of that exchange reads as: the call, its result and the reply are one assistant turn. */
const WEATHER_TURNS = [
  { speaker: "user", text: "Weather in Paris?" },
  { speaker: "assistant", text: '[calls get_weather({"city":"Paris"})]\n[get_weather returned: 18 °C, sunny]\nIt is 18 °C and sunny in Paris.' },
  { speaker: "user", text: "Thanks!" },
];

describe("plain User: / Assistant: text", () => {
  it("reads a file without '--- Turn N ---' headers as one dialogue, a line without a label continuing the message", async () => {
    const path = tmp.write("plain.txt", "User: My parcel never came.\nIt was order 7.\nAssistant: Sorry! I have sent a new one.\n\nuser: Thanks\n");
    expect(await readAll(path)).toEqual([
      {
        id: 0,
        turns: [
          { speaker: "user", text: "My parcel never came.\nIt was order 7." },
          { speaker: "assistant", text: "Sorry! I have sent a new one." },
          { speaker: "user", text: "Thanks" },
        ],
        source: { file: path, line: 1 },
      },
    ]);
  });
});

describe("OpenAI chat with tool calls", () => {
  it("writes calls and results into the assistant's turn and keeps the system message as the assistant's instructions", () => {
    const [dialogue] = parseDialogues(JSON.stringify({ id: "w1", messages: OPENAI_TOOLS }), "weather.jsonl");
    expect(dialogue).toEqual({ id: "w1", systemPrompt: "You are a weather bot.", turns: WEATHER_TURNS, source: { file: "weather.jsonl", line: 1 } });
  });

  it("reads LangChain-style calls ({name, args}) and the older function_call the same way, naming a result by its call's id", () => {
    const messages = [
      { type: "human", content: "Weather in Paris?" },
      { type: "ai", content: "", tool_calls: [{ id: "c9", name: "get_weather", args: { city: "Paris" } }] },
      { type: "tool", tool_call_id: "c9", content: "18 °C, sunny" },
      { type: "ai", content: "It is 18 °C and sunny in Paris." },
      { type: "human", content: "Thanks!" },
    ];
    expect(parseDialogues(JSON.stringify({ messages }), "lc.jsonl")[0]?.turns).toEqual(WEATHER_TURNS);
    const legacy = [
      { role: "user", content: "Weather in Paris?" },
      { role: "assistant", content: null, function_call: { name: "get_weather", arguments: '{"city":"Paris"}' } },
      { role: "function", name: "get_weather", content: "18 °C, sunny" },
      { role: "assistant", content: "It is 18 °C and sunny in Paris." },
      { role: "user", content: "Thanks!" },
    ];
    expect(parseDialogues(JSON.stringify({ messages: legacy }), "legacy.jsonl")[0]?.turns).toEqual(WEATHER_TURNS);
  });

  it("never gives a tool result to the user: one with no assistant turn before it opens the assistant's turn", () => {
    const messages = [
      { role: "tool", content: "{\"open\": true}" },
      { role: "user", content: "Are you open?" },
      { role: "assistant", content: "Yes, with text", tool_calls: [{ function: { name: "hours", arguments: "not json" } }] },
    ];
    expect(parseDialogues(JSON.stringify(messages), "t.json")[0]?.turns).toEqual([
      { speaker: "assistant", text: '[tool returned: {"open": true}]' },
      { speaker: "user", text: "Are you open?" },
      // Text first, then the call; arguments that are not JSON stay as written.
      { speaker: "assistant", text: "Yes, with text\n[calls hours(not json)]" },
    ]);
  });
});

describe("bare message lists and content parts", () => {
  it("reads a JSON document holding one list of messages as one dialogue, with or without a .json name", async () => {
    const list = [
      { role: "user", content: [{ type: "text", text: "What is in this picture?" }, { type: "image_url", image_url: { url: "https://x/y.png" } }] },
      { role: "assistant", content: [{ type: "text", text: "A cat." }, "On a mat."] },
    ];
    const expected = [
      // A part that is not text shows as its type, so the judge knows something was there.
      { speaker: "user", text: "What is in this picture?\n[image_url]" },
      { speaker: "assistant", text: "A cat.\nOn a mat." },
    ];
    const path = tmp.write("list.json", JSON.stringify(list, null, 2));
    expect(await readAll(path)).toEqual([{ id: 0, turns: expected, source: { file: path, line: 1 } }]);
    expect(parseDialogues(JSON.stringify(list, null, 2), "piped")[0]?.turns).toEqual(expected);
  });

  it("reads JSONL of message lists, one dialogue per line, whatever the file's name", async () => {
    const lines = [
      [{ role: "user", content: "Hi" }, { role: "assistant", content: "Hello" }],
      [{ role: "system", content: "Be terse." }, { role: "user", content: "Bye" }, { role: "assistant", content: "Bye." }],
    ];
    const text = lines.map((l) => JSON.stringify(l)).join("\n");
    for (const path of [tmp.write("lists.jsonl", text), tmp.write("lists-no-extension", text)]) {
      expect(await readAll(path)).toEqual([
        { id: 0, turns: [{ speaker: "user", text: "Hi" }, { speaker: "assistant", text: "Hello" }], source: { file: path, line: 1 } },
        { id: 1, systemPrompt: "Be terse.", turns: [{ speaker: "user", text: "Bye" }, { speaker: "assistant", text: "Bye." }], source: { file: path, line: 2 } },
      ]);
    }
  });

  it("still reads a one-line JSON array of dialogues, and the existing fixtures as before", async () => {
    const text = JSON.stringify([{ id: "a", messages: [{ role: "user", content: "x" }] }, { messages: [{ role: "assistant", content: "y" }] }]);
    expect(parseDialogues(text, "one-line").map((d) => d.id)).toEqual(["a", 1]);
    expect((await readAll(fixture("chat-array.json"))).map((d) => d.id)).toEqual(["first", 1]);
  });
});

describe("ShareGPT", () => {
  it("reads {conversations: [{from, value}]} with system messages and a system field as the assistant's instructions", () => {
    const record = {
      id: "sg-1",
      system: "You are helpful.",
      conversations: [
        { from: "system", value: "Answer in English." },
        { from: "human", value: "Weather in Paris?" },
        { from: "function_call", value: '{"name": "get_weather", "arguments": {"city": "Paris"}}' },
        { from: "observation", value: "18 °C, sunny" },
        { from: "gpt", value: "It is 18 °C and sunny in Paris." },
        { from: "human", value: "Thanks!" },
      ],
    };
    const [dialogue] = parseDialogues(JSON.stringify([record], null, 1), "sharegpt.json");
    // The result has no call id to name it by: it is `tool`'s.
    expect(dialogue).toMatchObject({ id: "sg-1", systemPrompt: "You are helpful.\n\nAnswer in English." });
    expect(dialogue?.turns).toEqual([
      WEATHER_TURNS[0],
      { speaker: "assistant", text: '[calls get_weather({"city":"Paris"})]\n[tool returned: 18 °C, sunny]\nIt is 18 °C and sunny in Paris.' },
      WEATHER_TURNS[2],
    ]);
  });

  it("rejects a function_call whose value is not a call, naming the message", () => {
    const text = JSON.stringify({ conversations: [{ from: "human", value: "hi" }, { from: "function_call", value: "get_weather" }] });
    expect(parseError(() => parseDialogues(text, "sg.jsonl")).message).toBe(
      'sg.jsonl:1: expected a function call {"name", "arguments"} as the value of conversations[1], got "get_weather"',
    );
  });
});

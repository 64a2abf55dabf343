import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseDialogues } from "../../dialogues/index.js";
import { fixture, readAll } from "./helpers.js";

describe("JSONL chat", () => {
  it("parses one dialogue per line, mapping roles, system prompts, ids and overall ratings", async () => {
    const path = fixture("chat.jsonl");
    const dialogues = await readAll(path);
    expect(dialogues).toEqual([
      {
        id: "chat-a",
        systemPrompt: "Be brief.",
        turns: [
          { speaker: "user", text: "Hi there" },
          { speaker: "assistant", text: "Hello! How can I help?" },
        ],
        overallRatings: [4, 5],
        source: { file: path, line: 1 },
      },
      {
        // No id: its 0-based position among the file's dialogues (the blank line does not count).
        id: 1,
        turns: [
          { speaker: "user", text: "What is 2+2?" },
          { speaker: "assistant", text: "4." },
          { speaker: "user", text: "Thanks" },
          { speaker: "assistant", text: "You are welcome." },
        ],
        overallRatings: [3],
        source: { file: path, line: 3 },
      },
      {
        id: 7,
        turns: [
          { speaker: "assistant", text: "Welcome back." },
          { speaker: "user", text: "Bye", act: "general-bye", ratings: [2, 3] },
        ],
        source: { file: path, line: 4 },
      },
    ]);
  });

  it("treats text whose first line is a JSON object as JSONL whatever the file name", () => {
    const text = readFileSync(fixture("chat.jsonl"), "utf8");
    expect(parseDialogues(text).map((d) => d.id)).toEqual(["chat-a", 1, 7]);
  });
});

describe("JSON documents", () => {
  it("parses an array of dialogues, locating each element's line", async () => {
    const path = fixture("chat-array.json");
    const dialogues = await readAll(path);
    expect(dialogues).toEqual([
      {
        id: "first",
        turns: [
          { speaker: "user", text: "Book a table for two." },
          { speaker: "assistant", text: "Done: 7pm at Luigi's." },
        ],
        source: { file: path, line: 2 },
      },
      {
        id: 1,
        systemPrompt: "You are a travel agent.\n\nAnswer in English.",
        turns: [
          { speaker: "user", text: "Any trains to Ely?" },
          { speaker: "assistant", text: "Yes, every hour." },
        ],
        overallRatings: [5, 4],
        source: { file: path, line: 9 },
      },
    ]);
  });

  it("parses a single pretty-printed dialogue object", async () => {
    const path = fixture("chat-single.json");
    expect(await readAll(path)).toEqual([
      {
        id: 0,
        turns: [
          { speaker: "user", text: "Ping" },
          { speaker: "assistant", text: "Pong" },
        ],
        source: { file: path, line: 1 },
      },
    ]);
  });

  it("recognises a pretty-printed object or an array without a .json name", () => {
    const single = readFileSync(fixture("chat-single.json"), "utf8");
    expect(parseDialogues(single)[0]?.turns.map((t) => t.text)).toEqual(["Ping", "Pong"]);
    const array = readFileSync(fixture("chat-array.json"), "utf8");
    expect(parseDialogues(array).map((d) => d.id)).toEqual(["first", 1]);
  });
});

import { describe, expect, it } from "vitest";
import { parseDialogues } from "../../dialogues/index.js";
import { fixture, readAll } from "./helpers.js";

describe("--- Turn N --- text", () => {
  it("parses a file of turns as one dialogue with id 0, keeping continuation lines", async () => {
    const path = fixture("turns.txt");
    expect(await readAll(path)).toEqual([
      {
        id: 0,
        turns: [
          { speaker: "user", text: "I have been sleeping badly." },
          { speaker: "assistant", text: "I'm sorry to hear that. How long has this been going on?" },
          { speaker: "user", text: "About two weeks.\nWork is stressful." },
          { speaker: "assistant", text: "That sounds hard.\n\nHere are two ideas:\n- keep a regular bedtime" },
          { speaker: "user", text: "Thanks, I'll try." },
        ],
        source: { file: path, line: 1 },
      },
    ]);
  });

  it("splits conversations on === Dialogue <id> === lines", async () => {
    const path = fixture("turns-multi.txt");
    expect(await readAll(path)).toEqual([
      {
        id: "alpha",
        turns: [
          { speaker: "assistant", text: "Welcome! What brings you here?" },
          { speaker: "user", text: "Just browsing." },
          { speaker: "assistant", text: "Take your time." },
        ],
        source: { file: path, line: 1 },
      },
      {
        id: 12,
        turns: [
          { speaker: "user", text: "Hello?" },
          { speaker: "assistant", text: "Hi!" },
        ],
        source: { file: path, line: 8 },
      },
    ]);
  });

  it("gives dialogues without a header their position, and keeps non-canonical numeric ids as strings", () => {
    const text = "--- Turn 1 ---\nUser: a\n=== Dialogue 007 ===\n--- Turn 1 ---\nassistant:b\n";
    expect(parseDialogues(text).map((d) => [d.id, d.turns])).toEqual([
      [0, [{ speaker: "user", text: "a" }]],
      ["007", [{ speaker: "assistant", text: "b" }]],
    ]);
  });
});

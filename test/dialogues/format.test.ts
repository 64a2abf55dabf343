import { describe, expect, it } from "vitest";
import { formatTranscript, formatTurnBlocks, parseDialogues, utterances } from "../../dialogues/index.js";
import type { Dialogue } from "../../dialogues/dialogue.js";

/** Distinctive labels that must never reach a prompt. */
const labelled: Dialogue = {
  id: 3,
  turns: [
    { speaker: "assistant", text: "What do you like?", act: "ENTITY_NAME+MOVIE_OR_SERIES" },
    { speaker: "user", text: "Westerns.", act: "ENTITY_PREFERENCE+MOVIE_GENRE_OR_CATEGORY", ratings: [5, 1, 5, 1, 2] },
    { speaker: "user", text: "Old ones.", act: "Restaurant-Inform", ratings: [5, 1, 5, 1, 2] },
    { speaker: "assistant", text: "Try Rio Bravo.", act: "general-reqmore" },
    { speaker: "assistant", text: "Or The Searchers.", act: "OTHER" },
    { speaker: "user", text: "Thanks!", ratings: [5, 1, 5, 1, 2] },
  ],
  overallRatings: [5, 1, 5, 1, 2],
  source: { file: "x.tsv", line: 1 },
};

describe("formatTranscript", () => {
  it("numbers and labels every utterance with USS labels", () => {
    expect(formatTranscript(labelled)).toBe(
      [
        "[1] SYSTEM: What do you like?",
        "[2] USER: Westerns.",
        "[3] USER: Old ones.",
        "[4] SYSTEM: Try Rio Bravo.",
        "[5] SYSTEM: Or The Searchers.",
        "[6] USER: Thanks!",
      ].join("\n"),
    );
  });
});

describe("formatTurnBlocks", () => {
  it("groups user messages with the assistant's reply; an assistant opening gets its own turn", () => {
    expect(formatTurnBlocks(labelled)).toBe(
      [
        "--- Turn 1 ---",
        "Assistant: What do you like?",
        "",
        "--- Turn 2 ---",
        "User: Westerns.\nOld ones.",
        "Assistant: Try Rio Bravo.\nOr The Searchers.",
        "",
        "--- Turn 3 ---",
        "User: Thanks!",
      ].join("\n"),
    );
  });

  it("reads back through the turn-text parser with same-speaker runs merged", () => {
    const [back] = parseDialogues(formatTurnBlocks(labelled));
    expect(back?.turns).toEqual([
      { speaker: "assistant", text: "What do you like?" },
      { speaker: "user", text: "Westerns.\nOld ones." },
      { speaker: "assistant", text: "Try Rio Bravo.\nOr The Searchers." },
      { speaker: "user", text: "Thanks!" },
    ]);
  });
});

describe("rendered prompts never contain human labels", () => {
  it.each([
    ["formatTranscript", formatTranscript],
    ["formatTurnBlocks", formatTurnBlocks],
  ])("%s leaves out ratings and acts", (_name, render) => {
    const out = render(labelled);
    expect(out).not.toMatch(/5\s*,\s*1\s*,\s*5/);
    expect(out).not.toContain("[5, 1");
    for (const act of [
      "ENTITY_NAME+MOVIE_OR_SERIES",
      "ENTITY_PREFERENCE",
      "Restaurant-Inform",
      "general-reqmore",
      "OTHER",
    ]) {
      expect(out).not.toContain(act);
    }
  });
});

describe("utterances", () => {
  it("lists 1-based index, speaker, USS label and text", () => {
    expect(utterances(labelled).slice(0, 2)).toEqual([
      { index: 1, speaker: "assistant", label: "SYSTEM", text: "What do you like?" },
      { index: 2, speaker: "user", label: "USER", text: "Westerns." },
    ]);
    expect(utterances(labelled)).toHaveLength(6);
  });
});

import { describe, expect, it } from "vitest";
import { detectEmotionalContent } from "../../evidence/cues/index.js";
import { COACHING, GYM_CANCELLATION, TAXI, dialogue } from "./dialogues.js";

describe("detectEmotionalContent", () => {
  it("finds \"I'm so worried\" in a user turn", () => {
    expect(detectEmotionalContent(COACHING)).toEqual({
      found: true,
      evidence: { turn: 1, speaker: "user", text: "I have my exam tomorrow and I'm so worried I will fail.", cue: "worried" },
    });
  });

  it("finds nothing in a purely transactional dialogue (assistant 'glad', user 'I'd love to')", () => {
    expect(detectEmotionalContent(TAXI)).toEqual({ found: false });
    expect(detectEmotionalContent(GYM_CANCELLATION)).toEqual({ found: false });
  });

  it("looks at user turns only", () => {
    const d = dialogue([
      ["user", "Book a train to Ely."],
      ["assistant", "I'm sorry to hear you're upset and worried."],
    ]);
    expect(detectEmotionalContent(d).found).toBe(false);
  });

  it("prefers the user turn with the most emotion cues", () => {
    const d = dialogue([
      ["user", "I love comedies."],
      ["assistant", "Why?"],
      ["user", "I was so sad and lonely last year, and they made me happy."],
    ]);
    expect(detectEmotionalContent(d).evidence?.turn).toBe(3);
  });

  it("reads idioms as idioms: 'no worries', 'moving to', 'I feel like'", () => {
    const d = dialogue([
      ["user", "No worries. I'm moving to Leeds and I feel like pizza tonight."],
      ["assistant", "Here are three pizzerias."],
    ]);
    expect(detectEmotionalContent(d).found).toBe(false);
    const moved = dialogue([["user", "The ending was so moving."]]);
    expect(detectEmotionalContent(moved).evidence?.cue).toBe("so moving");
  });
});

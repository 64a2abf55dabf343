import { describe, expect, it } from "vitest";
import { LEXICONS, compileCues, contentWords, findCues, isQuestion, jaccard } from "../../evidence/cues/index.js";

const matches = (text: string, lexicon: keyof typeof LEXICONS) => findCues(text, LEXICONS[lexicon]).map((h) => h.match);

describe("cue matching", () => {
  it("is case-insensitive, apostrophe-tolerant and folds curly quotes", () => {
    expect(matches("THATS NOT WHAT I asked", "userDissatisfaction")).toContain("THATS NOT WHAT I");
    expect(matches("That’s not what I asked", "userDissatisfaction")).toContain("That’s not what I");
  });

  it("respects word boundaries and stems", () => {
    const cues = compileCues(["sad", "frustrat*"]);
    expect(findCues("Sadly the Sade concert was frustrating", cues).map((h) => h.match)).toEqual(["frustrating"]);
    expect(findCues("I'm sad.", cues).map((h) => h.match)).toEqual(["sad"]);
  });

  it("keeps noisy words in context: still, again, wrong", () => {
    expect(matches("I'm still here.", "userDissatisfaction")).toEqual([]);
    expect(matches("It still doesn't work.", "userDissatisfaction")).toEqual(["still doesn't"]);
    expect(matches("Thanks again!", "userDissatisfaction")).toEqual([]);
    expect(matches("Can you check again?", "userDissatisfaction")).toEqual(["again?"]);
    expect(matches("Their mission went wrong.", "userDissatisfaction")).toEqual([]);
    expect(matches("That's wrong.", "userDissatisfaction")).toEqual(["That's wrong"]);
  });

  it("skips negated praise", () => {
    expect(matches("That was helpful", "userThanks")).toEqual(["helpful"]);
    expect(matches("That wasn't helpful", "userThanks")).toEqual([]);
    expect(matches("Not very helpful", "userThanks")).toEqual([]);
  });
});

describe("text helpers", () => {
  it("treats questions by mark or opening question word with an open first sentence", () => {
    expect(isQuestion("Where is it?")).toBe(true);
    expect(isQuestion("Have you seen Armageddon")).toBe(true);
    expect(isQuestion("Thanks. Could you also book a taxi? I need it at 5.")).toBe(true);
    expect(isQuestion("What I liked was the plot.")).toBe(false);
    expect(isQuestion("I need a taxi.")).toBe(false);
  });

  it("compares content words, keeping negation", () => {
    expect([...contentWords("What kinds of movies do you like?")]).toEqual(["movy"]);
    expect(contentWords("a movie in the city")).toEqual(contentWords("the movies in cities"));
    expect(jaccard(contentWords("You enjoy comedies"), contentWords("You don't enjoy comedies"))).toBeCloseTo(2 / 3);
  });
});

import { describe, expect, it } from "vitest";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { DialogueFeatures, FEATURE_NAMES, describeFeature, extractFeatures } from "../../evidence/cues/index.js";
import { turnValence } from "../../evidence/cues/sentiment.js";
import { ALL, COACHING, GYM_CANCELLATION, MUSEUM_QUESTIONS, RESTAURANT_COMPLAINT, SEED_26, TERSE, dialogue } from "./dialogues.js";

const turnsOf = (evidence: readonly { turn: number }[]) => evidence.map((e) => e.turn);

describe("extractFeatures: user dissatisfaction and thanks", () => {
  it("scores 2 dissatisfied user turns of 4 as 0.5, the turn with two cues first", () => {
    const f = extractFeatures(RESTAURANT_COMPLAINT).userDissatisfaction;
    expect(f.value).toBe(0.5);
    expect(turnsOf(f.evidence)).toEqual([7, 3]);
    expect(f.evidence[0]).toEqual({
      turn: 7,
      speaker: "user",
      text: "This is useless, I still don't have a booking.",
      cue: "still don't",
    });
    expect(f.evidence[1]?.cue).toBe("That's not what I");
  });

  it("keeps the share when the dialogue is twice as long (normalised)", () => {
    const doubled: Dialogue = { id: "x2", turns: [...RESTAURANT_COMPLAINT.turns, ...RESTAURANT_COMPLAINT.turns] };
    const f = extractFeatures(doubled);
    expect(f.userDissatisfaction.value).toBe(0.5);
    expect(f.assistantApologies.value).toBe(0.5);
    expect(f.turnCount.value).toBe(16);
  });

  it("counts thanks and praise, but not negated praise", () => {
    expect(extractFeatures(GYM_CANCELLATION).userThanks).toEqual({
      value: 1 / 3,
      evidence: [{ turn: 5, speaker: "user", text: "Thanks, bye.", cue: "Thanks" }],
    });
    const negated = extractFeatures(dialogue([["user", "That was not helpful at all."], ["assistant", "Sorry."]]));
    expect(negated.userThanks.value).toBe(0);
    expect(negated.userDissatisfaction.value).toBe(1);
  });
});

describe("extractFeatures: declines, closings and sarcasm", () => {
  it("counts a 'No.' to a proposal as a decline, not a closing 'No, that is all, thanks!'", () => {
    const d = dialogue([
      ["user", "My flight was cancelled."],
      ["assistant", "Would you like the 18:40 flight?"],
      ["user", "No."],
      ["assistant", "Done: you are on the 21:15 flight. Anything else?"],
      ["user", "No, that is all, thanks!"],
    ]);
    const f = extractFeatures(d);
    // 1 decline of the 2 user turns that answer the assistant; the opening request declines nothing.
    expect(f.userDeclines.value).toBe(1 / 2);
    expect(f.userDeclines.evidence.map((e) => e.turn)).toEqual([3]);
    expect(f.assistantCompletion.value).toBe(1 / 2);
    expect(f.assistantCompletion.evidence.map((e) => [e.turn, e.cue])).toEqual([[4, "Done:"]]);
  });

  it("reads 'I don't know what my role is' as a problem stated, and 'I don't know.' after a question as a decline", () => {
    const d = dialogue([
      ["user", "I just started a new job and I don't know what my role is."],
      ["assistant", "What did your manager tell you?"],
      ["user", "I don't know."],
      ["assistant", "Could you ask them for your top three responsibilities?"],
      ["user", "Yes, that's a good idea. I'm not sure how to ask, though."],
    ]);
    const f = extractFeatures(d);
    expect(f.userDeclines.value).toBe(1 / 2);
    expect(f.userDeclines.evidence.map((e) => e.turn)).toEqual([3]);
    // Taking up the plan closes the dialogue.
    expect(f.abruptEnding.value).toBe(0);
  });

  it("reads 'I haven't seen it, but I'll check it out' as uptake, not a decline", () => {
    const d = dialogue([
      ["assistant", "You might like Arrival, a quiet sci-fi film."],
      ["user", "I haven't seen it, but I'll check it out!"],
      ["assistant", "Or Interstellar?"],
      ["user", "Haven't seen that either."],
    ]);
    const f = extractFeatures(d);
    expect(f.userDeclines.value).toBe(1 / 2);
    expect(f.userDeclines.evidence.map((e) => e.turn)).toEqual([4]);
    expect(f.userThanks.value).toBe(1 / 2);
    expect(f.userThanks.evidence.map((e) => [e.turn, e.cue])).toEqual([[2, "check it out"]]);
  });

  it("reads 'I'll try it' as uptake, and 'I'll try again later' as nothing of the kind", () => {
    const after = (reply: string) => extractFeatures(dialogue([["assistant", "Restart the router, then wait two minutes."], ["user", reply]])).userThanks.value;
    expect(after("Okay, I'll try that.")).toBe(1);
    expect(after("I'll try again later.")).toBe(0);
  });

  it("reads the user's tone from their reactions, not from the problem they open with", () => {
    const d = dialogue([
      ["user", "I'm furious. My order arrived broken, again!"],
      ["assistant", "I'm sorry. A replacement ships today by express."],
      ["user", "Okay, thanks."],
    ]);
    const f = extractFeatures(d);
    expect(f.userSentiment.value).toBe(turnValence("Okay, thanks."));
    expect(f.userSentiment.value).toBeGreaterThan(0);
    expect(f.userNegativeTurns.value).toBe(0);
    expect(f.userPositiveTurns.value).toBe(1);
    expect(f.lateUserSentiment.value).toBe(turnValence("Okay, thanks."));
  });

  it("reads sarcastic praise as dissatisfaction, with no thanks and no positive tone", () => {
    for (const end of ["Great, just great. A week without internet.", "Oh perfect, another week of waiting.", "Wow. Really helpful. Not.", "Yeah right, thanks a lot.", "Fantastic service, as always...", "Thanks, I guess."]) {
      const f = extractFeatures(dialogue([["assistant", "The earliest technician slot is next Friday."], ["user", end]]));
      expect(f.userDissatisfaction.value, end).toBe(1);
      expect(f.userThanks.value, end).toBe(0);
      expect(f.userSentiment.value, end).toBeLessThanOrEqual(0);
    }
    expect(extractFeatures(dialogue([["assistant", "It ships today."], ["user", "Oh great, thanks!"]])).userDissatisfaction.value).toBe(0);
    const sincere = extractFeatures(dialogue([["assistant", "The technician comes tomorrow at 9."], ["user", "Great, thanks a lot."]]));
    expect(sincere.userDissatisfaction.value).toBe(0);
    expect(sincere.userThanks.value).toBe(1);
    expect(sincere.userSentiment.value).toBeGreaterThan(0);
  });

  it("does not mistake a kind reply for a brush-off", () => {
    for (const reply of [
      "I'll solve your problem right away.",
      "It's not your fault.",
      "We'll figure it out together.",
      "I'll deal with it right away.",
      "The swelling will go away in a day or two.",
      "You can do it yourself in Settings, or I can do it for you.",
      "There are no stupid questions.",
      "That's not a stupid question at all.",
      "Don't worry, it's not hard to set up.",
      "Once things calm down, call us back.",
      "Name whatever comes to your mind.",
    ]) {
      expect(extractFeatures(dialogue([["user", "Help, please."], ["assistant", reply]])).assistantDismissive.value, reply).toBe(0);
    }
  });

  it("finds an assistant that brushes the user off, and not 'whatever comes to your mind'", () => {
    const d = dialogue([
      ["user", "I don't know what my role is at my new job."],
      ["assistant", "Read your contract."],
      ["user", "It doesn't say much."],
      ["assistant", "Not my problem."],
      ["user", "Wow. Okay."],
      ["assistant", "Name whatever comes to your mind."],
    ]);
    const f = extractFeatures(d).assistantDismissive;
    expect(f.value).toBe(2 / 3);
    expect(f.evidence.map((e) => [e.turn, e.cue])).toEqual([
      [2, "Read your contract"],
      [4, "Not my problem"],
    ]);
  });
});

describe("extractFeatures: repetition", () => {
  it("detects a repeated user request (Jaccard 0.8 on content words)", () => {
    const f = extractFeatures(GYM_CANCELLATION).userRepeats;
    expect(f.value).toBe(1 / 3);
    expect(f.evidence).toEqual([
      { turn: 3, speaker: "user", text: "No. Please cancel my gym membership today.", cue: "repeats turn 1 (Jaccard 0.80)" },
    ]);
  });

  it("does not call different requests repeats", () => {
    const d = dialogue([
      ["user", "I want to cancel my gym membership today."],
      ["assistant", "Done."],
      ["user", "Also, can I get a refund for March?"],
    ]);
    expect(extractFeatures(d).userRepeats.value).toBe(0);
  });

  it("detects near-identical templated assistant questions", () => {
    const d = dialogue([
      ["assistant", "Can you say a little more about that please?"],
      ["user", "I like the acting."],
      ["assistant", "Can you say a little more about that please?"],
      ["user", "The story too."],
      ["assistant", "Which actor do you like best?"],
    ]);
    const f = extractFeatures(d).assistantRepeats;
    expect(f.value).toBe(1 / 3);
    expect(f.evidence.map((e) => [e.turn, e.cue])).toEqual([[3, "repeats turn 1 (Jaccard 1.00)"]]);
  });
});

describe("extractFeatures: seed 26 shape", () => {
  const f = extractFeatures(SEED_26);

  it("flags the assistant speaking twice in a row after a question (1 of 10 assistant turns)", () => {
    expect(f.assistantConsecutive.value).toBe(0.1);
    expect(f.assistantConsecutive.evidence).toEqual([
      { turn: 16, speaker: "assistant", text: "Have you seen Armageddon", cue: "follows assistant question at turn 15 with no user reply" },
    ]);
  });

  it("does not flag two assistant closing lines in a row", () => {
    const d = dialogue([
      ["assistant", "What movies do you like?"],
      ["user", "Comedies."],
      ["assistant", "Thank you."],
      ["assistant", "See you later."],
    ]);
    expect(extractFeatures(d).assistantConsecutive.value).toBe(0);
  });

  it("ends abruptly (no thanks or goodbye) and has two unpunctuated assistant turns", () => {
    expect(f.abruptEnding.value).toBe(1);
    expect(turnsOf(f.abruptEnding.evidence)).toEqual([19]);
    expect(f.lowercaseOrNoPunctuation.value).toBe(0.2);
    expect(turnsOf(f.lowercaseOrNoPunctuation.evidence)).toEqual([16, 18]);
    expect(f.assistantQuestionShare.value).toBe(1);
    expect(f.shortUserReplies.value).toBe(1 / 9);
    expect(f.userDissatisfaction.value).toBe(0); // "their mission went wrong" is not a complaint
  });
});

describe("extractFeatures: questions, endings, lengths", () => {
  it("finds unanswered user questions: one met with an unrelated question, one with no reply", () => {
    const f = extractFeatures(MUSEUM_QUESTIONS);
    expect(f.unansweredQuestions.value).toBe(2 / 3);
    expect(f.unansweredQuestions.evidence.map((e) => [e.turn, e.cue])).toEqual([
      [5, "no assistant turn after it"],
      [1, "not answered by turn 2"],
    ]);
    expect(f.abruptEnding).toEqual({
      value: 1,
      evidence: [{ turn: 5, speaker: "user", text: "How much does it cost?", cue: "ends on a user question" }],
    });
  });

  it("counts a reply with a figure as an answer", () => {
    const d = dialogue([...MUSEUM_QUESTIONS.turns.map((t) => [t.speaker, t.text] as const), ["assistant", "£5 per hour."]]);
    expect(extractFeatures(d).unansweredQuestions.value).toBe(1 / 3);
  });

  it("measures short replies, word averages and unedited assistant turns", () => {
    const f = extractFeatures(TERSE);
    expect(f.shortUserReplies.value).toBe(2 / 3);
    expect(f.shortUserReplies.evidence.map((e) => [e.turn, e.cue])).toEqual([[2, "1 word"], [4, "1 word"]]);
    expect(f.avgUserWords.value).toBe(3);
    expect(f.avgAssistantWords.value).toBe(14 / 3);
    expect(f.avgUserWords.evidence.map((e) => e.cue)).toEqual(["shortest (1 word)", "longest (7 words)"]);
    expect(f.lowercaseOrNoPunctuation.value).toBe(1 / 3);
    expect(f.lowercaseOrNoPunctuation.evidence[0]?.cue).toBe("starts lower-case, no final punctuation");
    expect(f.assistantQuestionShare.value).toBe(1 / 3);
    expect(f.assistantPoliteness.value).toBe(1 / 3);
    expect(f.abruptEnding.value).toBe(0);
    expect(f.turnCount.value).toBe(6);
  });
});

describe("extractFeatures: assistant manner", () => {
  const f = extractFeatures(COACHING);

  it("separates empathy ('sorry to hear') from apology", () => {
    expect(f.assistantApologies.value).toBe(0);
    expect(f.assistantEmpathy.value).toBe(1);
    expect(f.assistantEmpathy.evidence.map((e) => e.turn)).toEqual([2, 4]);
  });

  it("finds clarification requests and hedges", () => {
    expect(f.clarificationRequests.value).toBe(0.5);
    expect(f.clarificationRequests.evidence[0]?.cue).toBe("Could you tell me more");
    expect(f.hedges.value).toBe(0.5);
    expect(f.hedges.evidence.map((e) => [e.turn, e.cue])).toEqual([[4, "Maybe"]]);
    expect(f.userEmotion.value).toBe(1 / 3);
    expect(f.userThanks.value).toBe(1 / 3);
  });

  it("does not read 'what kind of movies' as a hedge", () => {
    const d = dialogue([["assistant", "What kind of movies do you like?"], ["user", "Comedies."], ["assistant", "It's kind of far from here."]]);
    expect(extractFeatures(d).hedges.evidence.map((e) => e.turn)).toEqual([3]);
  });
});

describe("extractFeatures: contract", () => {
  it("never reads ratings, overall ratings or dialogue acts", () => {
    for (const d of Object.values(ALL)) {
      const labelled: Dialogue = {
        ...d,
        overallRatings: [1, 1, 2],
        turns: d.turns.map((t, i) => ({ ...t, act: i % 2 === 0 ? "OTHER" : "general-bye", ...(t.speaker === "user" ? { ratings: [1, 5, 3] } : {}) })),
      };
      const relabelled: Dialogue = {
        ...labelled,
        overallRatings: [5, 5, 5],
        turns: labelled.turns.map((t) => ({ ...t, act: "ENTITY_NAME+MOVIE_OR_SERIES", ...(t.ratings ? { ratings: [5] } : {}) })),
      };
      const plain = extractFeatures(d);
      expect(extractFeatures(labelled)).toEqual(plain);
      expect(extractFeatures(relabelled)).toEqual(plain);
    }
  });

  it("returns schema-valid features whose evidence quotes the cited turn in full", () => {
    for (const d of Object.values(ALL)) {
      const f = DialogueFeatures.parse(extractFeatures(d));
      expect(Object.keys(f)).toEqual(FEATURE_NAMES);
      for (const name of FEATURE_NAMES) {
        expect(f[name].evidence.length).toBeLessThanOrEqual(3);
        for (const e of f[name].evidence) {
          const turn = d.turns[e.turn - 1];
          expect(turn?.text).toBe(e.text);
          expect(turn?.speaker).toBe(e.speaker);
        }
      }
    }
  });

  it("caps evidence at 3 items", () => {
    const d = dialogue(Array.from({ length: 5 }, (_, i) => [["user", `Still not working, attempt ${i}.`], ["assistant", "Sorry."]] as const).flat());
    const f = extractFeatures(d).userDissatisfaction;
    expect(f.value).toBe(1);
    expect(turnsOf(f.evidence)).toEqual([1, 3, 5]);
  });

  it("documents every feature in one line", () => {
    for (const name of FEATURE_NAMES) {
      expect(describeFeature(name)).not.toBe(name);
      expect(describeFeature(name)).not.toContain("\n");
    }
  });

  it("handles a dialogue without user turns", () => {
    const f = extractFeatures(dialogue([["assistant", "Hello?"]]));
    expect(f.userDissatisfaction.value).toBe(0);
    expect(f.avgUserWords.value).toBe(0);
    expect(f.assistantQuestionShare.value).toBe(1);
  });
});

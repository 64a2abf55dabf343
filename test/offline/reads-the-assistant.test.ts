/**
 * Issue 12: the offline judge scores the assistant's answer, not the user's problem. Each twin opens on
 * the same request; in one the assistant solves it, in the other it brushes the user off, repeats
 * itself or gets it wrong. Every protocol must rank the first above the second.
 */
import { describe, expect, it } from "vitest";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { evaluateDialogue } from "../../index.js";

/** Alternating turns, the user first. */
const chat = (id: string, ...texts: string[]): Dialogue => ({ id, turns: texts.map((text, i) => ({ speaker: i % 2 === 0 ? "user" : "assistant", text })) });

const TWINS: { name: string; good: Dialogue; bad: Dialogue }[] = [
  {
    name: "a cancelled flight",
    good: chat("flight-good", "My flight was cancelled. What are my options?", "I'm sorry about that. I can rebook you on the 18:40 flight or refund the ticket.", "The 18:40 please.", "Done: you are on the 18:40, seat 14C. Anything else?", "No, that is all, thanks!"),
    bad: chat("flight-bad", "My flight was cancelled. What are my options?", "Check the website.", "I did, it says nothing. Can you help?", "I can't help you with that.", "So what do I do?", "Call someone else."),
  },
  {
    name: "a double charge",
    good: chat("refund-good", "I was charged twice for my order.", "I'm sorry for the trouble. I see the duplicate charge of $40; I have refunded it, and it will show in 3-5 days.", "Great, thank you so much!", "You're welcome. Is there anything else I can help with?", "No thanks, that's it."),
    bad: chat("refund-bad", "I was charged twice for my order.", "Please provide your order number.", "It's 12345.", "Please provide your order number.", "I just gave it: 12345!", "Please provide your order number."),
  },
  {
    name: "a new job (coaching)",
    good: chat("role-good", "I just started a new job and I don't know what my role is.", "That sounds unsettling. Let's work it out together: what did your manager say in your first meeting?", "Mostly about the team's projects.", "A good next step would be to ask your manager for a short list of your top three responsibilities. Would that work?", "Yes, that's a good idea. I'll ask tomorrow."),
    bad: chat("role-bad", "I just started a new job and I don't know what my role is.", "Read your contract.", "It doesn't say much.", "Not my problem.", "Wow. Okay.", "Anything else?"),
  },
  {
    name: "a late package",
    good: chat("delivery-good", "Where is my package? It was due yesterday.", "I'm sorry for the delay. It's at the local depot and will be delivered today before 6 pm.", "Okay, good to know. Thanks.", "You're welcome! I'll send you the tracking link by text.", "Great, got it."),
    bad: chat("delivery-bad", "Where is my package? It was due yesterday.", "Not my problem.", "Can you check where it is?", "It was delivered yesterday.", "It wasn't. I'm at home.", "Then someone stole it. Nothing I can do.", "Thanks for nothing. Great service."),
  },
  {
    name: "a hotel search",
    good: chat("hotel-good", "I need a cheap hotel in the north with free parking.", "The Acorn Guest House is cheap, in the north, with free parking. Would you like me to book it?", "Yes, for 2 nights from Friday, 2 people.", "Your booking is confirmed, reference 7GQ2. Anything else?", "No, I'm all set. Thank you!"),
    bad: chat("hotel-bad", "I need a cheap hotel in the north with free parking.", "The Gonville Hotel is expensive and in the centre.", "I said cheap and in the north.", "The Gonville Hotel is a great choice.", "No. Cheap, north, parking.", "Sorry, I don't understand."),
  },
  {
    name: "an angry customer",
    good: chat("upset-good", "I'm furious. This is the third time my order arrived wrong and I'm sick of it!", "I'm really sorry, that is frustrating. I've sent the correct item by express at no cost, and refunded your shipping.", "Okay. That's fair, thank you.", "You're welcome. Anything else I can do?", "No, that's all."),
    bad: chat("upset-bad", "I'm furious. This is the third time my order arrived wrong and I'm sick of it!", "Please contact the seller.", "You ARE the seller!", "Please contact the seller.", "Unbelievable."),
  },
  {
    name: "a lost job (coaching)",
    good: chat("sad-good", "I feel like a failure. I lost my job last week and I can't stop crying.", "I'm so sorry you're going through this. Losing a job is painful, and crying is a normal reaction. Would it help to talk about what happened?", "Yes. They said my role was cut.", "That wasn't about your worth, then. When you feel ready, we could list a few small steps for this week, like updating your CV. Would that help?", "Yes, I think it would. Thank you for listening."),
    bad: chat("sad-bad", "I feel like a failure. I lost my job last week and I can't stop crying.", "Everyone loses jobs. Get over it.", "That's harsh.", "Just apply somewhere else.", "Okay."),
  },
];

type Line = Record<string, unknown>;
const CRITERIA = ["TaskSuccess", "Helpfulness", "Accuracy", "Understanding", "Empathy", "Fluency"] as const;

/** Each protocol's headline number for a dialogue. */
const HEADLINE: Record<string, (line: Line) => number> = {
  panel: (line) => (line.referee_final as { numeric_weighted_average: number }).numeric_weighted_average,
  consensus: (line) => line.overall_score as number,
  checklist: (line) => line.score as number,
  barem: (line) => CRITERIA.reduce((sum, id) => sum + (line[id] as { score: number }).score, 0) / CRITERIA.length,
};

describe("the offline judge reads the assistant's answer", () => {
  it.for(Object.keys(HEADLINE).flatMap((protocol) => TWINS.map((twin) => ({ protocol, ...twin }))))(
    "$protocol: $name solved scores above the same request brushed off",
    async ({ protocol, good, bad }, { expect }) => {
      const headline = HEADLINE[protocol] as (line: Line) => number;
      const [solved, failed] = await Promise.all([good, bad].map(async (d) => (await evaluateDialogue(d, { protocol: protocol as "panel" })) as unknown as Line));
      expect((solved!.meta as { status: string }).status).toBe("scored");
      expect(headline(solved!)).toBeGreaterThan(headline(failed!));
    },
  );

  it("panel: the solved twins all score above every failed one", async () => {
    const score = async (d: Dialogue) => HEADLINE.panel!((await evaluateDialogue(d)) as unknown as Line);
    const solved = await Promise.all(TWINS.map((t) => score(t.good)));
    const failed = await Promise.all(TWINS.map((t) => score(t.bad)));
    expect(Math.min(...solved)).toBeGreaterThan(Math.max(...failed));
  });

  it("names the dismissive reply in Empathy's justification", async () => {
    const line = (await evaluateDialogue(TWINS[2]!.bad)) as unknown as { referee_final: Record<string, { score: number; justification: string }> };
    expect(line.referee_final.Empathy?.justification).toContain("brushes the user off");
    expect(line.referee_final.Empathy?.justification).toMatch(/"(?:Read your contract|Not my problem)\."/);
  });
});

describe("the offline judge reads sarcasm as dissatisfaction", () => {
  const opening = ["My internet has been down since morning.", "Have you tried restarting the router?", "Yes, twice.", "Then please wait for a technician; the earliest slot is next Friday."];
  const score = async (end: string) => HEADLINE.panel!((await evaluateDialogue(chat(end, ...opening, end))) as unknown as Line);

  it.for(["Thanks for nothing.", "Great, just great. A week without internet.", "Wow. Really helpful. Not.", "Oh perfect, another week of waiting.", "Fantastic service, as always...", "Yeah right, thanks a lot.", "Whatever. I'm switching providers."])(
    'an ending "%s" scores below sincere thanks',
    async (end, { expect }) => {
      expect(await score(end)).toBeLessThan(await score("Okay, thanks for your help!"));
    },
  );
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseDialogues, readDialogues } from "../../dialogues/index.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { fixture, readAll, tempDir } from "./helpers.js";

const tmp = tempDir();

/** One letter per turn: S = assistant (SYSTEM), U = user. */
function speakers(d: Dialogue): string {
  return d.turns.map((t) => (t.speaker === "user" ? "U" : "S")).join("");
}

describe("USS tab-separated files", () => {
  it("parses sessions, acts, per-turn ratings and OVERALL lines", async () => {
    const dialogues = await readAll(fixture("small-uss.tsv"));
    expect(dialogues).toHaveLength(3);
    const [first, second, third] = dialogues as [Dialogue, Dialogue, Dialogue];

    expect(first.id).toBe(0);
    expect(first.source).toEqual({ file: fixture("small-uss.tsv"), line: 2 });
    expect(first.turns).toEqual([
      { speaker: "assistant", text: "Hello, what kind of food do you like?", act: "OTHER" },
      { speaker: "user", text: "I like Thai food.", act: "ENTITY_PREFERENCE+FOOD", ratings: [3, 4, 5] },
      { speaker: "user", text: "Anything spicy." },
      { speaker: "assistant", text: "Try Bangkok House.", act: "Restaurant-Recommend" },
    ]);
    expect(first.overallRatings).toEqual([4, 5]);

    expect(second.id).toBe(1);
    expect(second.source?.line).toBe(9);
    expect(second.turns.map((t) => t.text)).toEqual(["I need a taxi.", "Where to?"]);
    expect(second.turns[0]?.ratings).toEqual([2, 2]);
    expect(second.overallRatings).toEqual([1, 2]);

    // No OVERALL line: no overallRatings. Ratings on a SYSTEM line are ignored.
    expect(third.id).toBe(2);
    expect(third.source?.line).toBe(13);
    expect(third.turns).toEqual([{ speaker: "assistant", text: "Bye.", act: "general-bye" }]);
    expect(third.overallRatings).toBeUndefined();
  });

  it("gives the same dialogues from parseDialogues as from readDialogues", async () => {
    const path = fixture("small-uss.tsv");
    expect(parseDialogues(readFileSync(path, "utf8"), path)).toEqual(await readAll(path));
  });

  it("accepts CRLF line endings", () => {
    const text = "SYSTEM\tHi\tOTHER\t\r\nUSER\tHello\tOTHER\t3,3\r\nUSER\tOVERALL\tOTHER\t4\r\n";
    const [d] = parseDialogues(text, "crlf.tsv");
    expect(d?.turns.map((t) => t.text)).toEqual(["Hi", "Hello"]);
    expect(d?.overallRatings).toEqual([4]);
  });

  it("yields each dialogue as soon as it is complete, before later lines are parsed", async () => {
    const path = tmp.write("stream.tsv", "SYSTEM\tHi\tOTHER\t\nUSER\tOVERALL\tOTHER\t3\n\nSYSTEM\tbroken line\n");
    const iterator = readDialogues(path)[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.done).toBe(false);
    expect(first.value?.turns).toEqual([{ speaker: "assistant", text: "Hi", act: "OTHER" }]);
    await expect(iterator.next()).rejects.toThrow(`${path}:4: expected 4 tab-separated columns`);
  });
});

/**
 * The three few-shot dialogues of the original panel prompts (docs/protocols.md), copied verbatim into
 * the seed000-* fixtures (tabs and runs of spaces, actions sometimes glued to the text or to the
 * ratings) and the seed001-* fixtures (all spaces).
 * Expected values counted by hand from the fixture text.
 */
const SEED_CASES = [
  {
    id: 335,
    turns: 28,
    speakers: "SUSUSUSUUUSUSUSUUUSUSUSUSUUU",
    overall: [4, 4, 5, 4],
    first: { speaker: "assistant", text: "Can you tell me what types of movies you like?", act: "OTHER" },
    second: {
      speaker: "user",
      text: "I really like comedies.",
      act: "ENTITY_NAME+MOVIE_GENRE_OR_CATEGORY",
      ratings: [3, 3, 3, 4],
    },
    last: {
      speaker: "user",
      text: "with amazing acting, wonderful direction and it's just It's very special. It it really is. It's it's one of those wonder you look back and you wonder why didn't want to win Oscar.",
      act: "ENTITY_PREFERENCE+MOVIE_OR_SERIES",
      ratings: [3, 3, 5, 5],
    },
    // `USER\tYeah.\tOTHER 3,3,4,4`: action and ratings share a column in the seed000 fixtures.
    extra: { index: 11, turn: { speaker: "user", text: "Yeah.", act: "OTHER", ratings: [3, 3, 4, 4] } },
  },
  {
    id: 25,
    turns: 16,
    speakers: "SUUSUSUSUSUSUSUS",
    overall: [4, 4, 4],
    first: { speaker: "assistant", text: "What kinds of movies do you like?", act: "OTHER" },
    second: {
      speaker: "user",
      text: "I really like action movies.",
      act: "ENTITY_PREFERENCE+MOVIE_GENRE_OR_CATEGORY",
      ratings: [3, 3, 4],
    },
    last: { speaker: "assistant", text: "Ok, thank you for sharing. Good bye.", act: "OTHER" },
    // `SYSTEM  \tAlright, how about a movie you liked?  OTHER`: action glued after spaces.
    extra: { index: 5, turn: { speaker: "assistant", text: "Alright, how about a movie you liked?", act: "OTHER" } },
  },
  {
    id: 26,
    turns: 19,
    speakers: "SUSUSUSUSUSUSUSSUSU",
    overall: [2, 2, 2],
    first: { speaker: "assistant", text: "What type of movies do you enjoy?", act: "OTHER" },
    second: {
      speaker: "user",
      text: "I like movies that are based on true story.",
      act: "ENTITY_PREFERENCE+MOVIE_GENRE_OR_CATEGORY",
      ratings: [3, 3, 3],
    },
    last: { speaker: "user", text: "Nope, haven't seen that.", act: "ENTITY_OTHER+MOVIE_OR_SERIES", ratings: [2, 1, 2] },
    // `SYSTEM  \tHow about the Incredibles 2 \tENTITY_NAME+MOVIE_OR_SERIES`: the 2 stays in the text.
    extra: {
      index: 17,
      turn: { speaker: "assistant", text: "How about the Incredibles 2", act: "ENTITY_NAME+MOVIE_OR_SERIES" },
    },
  },
] as const;

describe.each(["seed000", "seed001"])("seed few-shot dialogues, %s variant", (variant) => {
  it.each(SEED_CASES)("dialogue $id", async (expected) => {
    const path = fixture(`${variant}-${expected.id}.txt`);
    const dialogues = await readAll(path);
    expect(dialogues).toHaveLength(1);
    const [d] = dialogues as [Dialogue];
    expect(d.id).toBe(0); // position in the fixture file
    expect(d.source).toEqual({ file: path, line: 1 });
    expect(d.turns).toHaveLength(expected.turns);
    expect(speakers(d)).toBe(expected.speakers);
    expect(d.turns[0]).toEqual(expected.first);
    expect(d.turns[1]).toEqual(expected.second);
    expect(d.turns[d.turns.length - 1]).toEqual(expected.last);
    expect(d.turns[expected.extra.index]).toEqual(expected.extra.turn);
    expect(d.overallRatings).toEqual(expected.overall);
    // Every user turn of these dialogues carries ratings, no assistant turn does, and every turn has an act.
    for (const turn of d.turns) {
      expect(turn.ratings !== undefined).toBe(turn.speaker === "user");
      expect(turn.act).toMatch(/^(OTHER|[A-Z_]+\+[A-Z_]+)$/);
      expect(turn.text).not.toMatch(/\s{2}|^\s|\s$|\t/);
    }
  });
});

describe("seed variants agree", () => {
  it.each([335, 25, 26])("dialogue %i parses identically from the seed000 and seed001 fixtures", async (id) => {
    const [a] = await readAll(fixture(`seed000-${id}.txt`));
    const [b] = await readAll(fixture(`seed001-${id}.txt`));
    expect(a?.turns).toEqual(b?.turns);
    expect(a?.overallRatings).toEqual(b?.overallRatings);
  });
});

describe("loose USER/SYSTEM lines", () => {
  it("reads ratings and CCPE actions from the right and leaves other words in the text", () => {
    const text = [
      "SYSTEM How about the Incredibles 2",
      "USER I paid 1,000 for it",
      "USER It cost 1,000",
      "SYSTEM I can book it. Restaurant-Inform",
      "USER Yeah. OTHER 3,3,4,4",
      "user   lots   of   space   ENTITY_NAME   5",
      "USER OVERALL OTHER 4",
    ].join("\n");
    const [d] = parseDialogues(text, "loose.txt");
    expect(d?.turns).toEqual([
      { speaker: "assistant", text: "How about the Incredibles 2" },
      { speaker: "user", text: "I paid 1,000 for it" },
      { speaker: "user", text: "It cost 1,000" },
      { speaker: "assistant", text: "I can book it. Restaurant-Inform" },
      { speaker: "user", text: "Yeah.", act: "OTHER", ratings: [3, 3, 4, 4] },
      { speaker: "user", text: "lots of space", act: "ENTITY_NAME", ratings: [5] },
    ]);
    expect(d?.overallRatings).toEqual([4]);
  });

  it("splits sessions on blank lines and numbers them from 0", () => {
    const text = "SYSTEM Hi OTHER\nUSER Hello 3,3\n\n\nSYSTEM Again OTHER\nUSER OVERALL OTHER 2,2\n";
    const dialogues = parseDialogues(text, "two.txt");
    expect(dialogues.map((d) => [d.id, d.source?.line, d.turns.length, d.overallRatings])).toEqual([
      [0, 1, 2, undefined],
      [1, 5, 1, [2, 2]],
    ]);
  });
});

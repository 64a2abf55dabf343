/**
 * The real USS development files, from TRIBUNAL_DATA_DIR or else ../shared/data beside the checkout
 * (test/support/uss-data.ts); without them these tests fail rather than skip.
 */
import { describe, expect, it } from "vitest";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { ussFile } from "../support/uss-data.js";
import { fixture, readAll } from "./helpers.js";

function checkCorpus(dialogues: Dialogue[], count: number): void {
  expect(dialogues).toHaveLength(count);
  dialogues.forEach((d, i) => {
    expect(d.id).toBe(i);
    expect(d.overallRatings?.length ?? 0).toBeGreaterThan(0);
    expect(d.turns.length).toBeGreaterThan(0);
    for (const turn of d.turns) if (turn.speaker === "assistant") expect(turn.ratings).toBeUndefined();
  });
}

describe("USS development data (needs the USS data)", () => {
  it("CCPE.txt holds 500 dialogues, each with overall ratings", async () => {
    const dialogues = await readAll(ussFile("CCPE.txt"));
    checkCorpus(dialogues, 500);
    // Dialogue 0, counted with awk: 31 turns, then `USER\tOVERALL\tOTHER\t3,3,3`.
    const first = dialogues[0];
    expect(first?.turns).toHaveLength(31);
    expect(first?.turns[0]).toEqual({ speaker: "assistant", text: "Do you like movies like Thor?", act: "ENTITY_NAME+MOVIE_OR_SERIES" });
    expect(first?.turns[1]).toEqual({
      speaker: "user",
      text: "No, I don't like Thor.",
      act: "ENTITY_NAME+MOVIE_OR_SERIES",
      ratings: [3, 2, 2],
    });
    expect(first?.overallRatings).toEqual([3, 3, 3]);
    expect(first?.source?.line).toBe(2);
  });

  it("MWOZ.txt holds 1000 dialogues, each with overall ratings", async () => {
    const dialogues = await readAll(ussFile("MWOZ.txt"));
    checkCorpus(dialogues, 1000);
    const first = dialogues[0];
    expect(first?.turns).toHaveLength(13);
    expect(first?.turns[0]).toEqual({
      speaker: "user",
      text: "I'm looking for a cheap restaurant in the east part of town.",
      act: "Restaurant-Inform",
      ratings: [3, 3, 3, 3],
    });
    // An empty action column gives no act.
    expect(first?.turns[5]).toEqual({
      speaker: "assistant",
      text: "I'm afraid there is no high chair seating available here. You can contact restaurant to see if they will allow you to bring your own.",
    });
    expect(first?.overallRatings).toEqual([3, 3, 2, 3]);
    const last = dialogues[999];
    expect(last?.turns).toHaveLength(11);
    expect(last?.turns[0]?.text).toBe("I want to find a guesthouse to stay at in the north part of town.");
    expect(last?.overallRatings).toEqual([2, 2, 2]);
  });

  /**
   * The original prompts' few-shot dialogue ids (docs/protocols.md) are NOT 0-based positions in
   * CCPE.txt: seed dialogue N is the session at 0-based index N - 1 (1-based position). Checked turn
   * by turn below.
   */
  it.each([
    [25, 24],
    [26, 25],
    [335, 334],
  ])("seed dialogue %i is CCPE dialogue at 0-based index %i", async (seedId, index) => {
    const ccpe = await readAll(ussFile("CCPE.txt"));
    for (const variant of ["seed000", "seed001"]) {
      const [seed] = await readAll(fixture(`${variant}-${seedId}.txt`));
      expect(ccpe[index]?.turns).toEqual(seed?.turns);
      expect(ccpe[index]?.overallRatings).toEqual(seed?.overallRatings);
      expect(ccpe[seedId]?.turns).not.toEqual(seed?.turns);
    }
  });
});

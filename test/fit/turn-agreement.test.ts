/**
 * The fit reports the turn model on the footing of one human, turn by turn: each held-out turn rating
 * is matched to the raters of its own turn (by pair, whatever the order), turns the model did not
 * rate are left out, and each dataset is measured on its own.
 */
import { describe, expect, it } from "vitest";
import type { TurnPair, TurnRating } from "../../judges/offline/turn-model.js";
import type { Sample } from "../../scripts/fit/fit.js";
import { turnAgreement } from "../../scripts/fit/turn-agreement.js";

const pair = (turn: number): TurnPair => ({ turn, reply: `reply ${turn}`, reaction: "ok", repeats: false });
const [p1, p2, p3, p4, p5] = [1, 2, 3, 4, 5].map(pair) as [TurnPair, TurnPair, TurnPair, TurnPair, TurnPair];
const sample = (dataset: string, rated: [TurnPair, number[]][]) =>
  ({ dataset, rated: rated.map(([p, raters]) => ({ pair: p, rating: raters.reduce((s, r) => s + r, 0) / raters.length, raters })) }) as unknown as Sample;

describe("turnAgreement", () => {
  it("matches each predicted turn to its own raters, per dataset", () => {
    const samples = [
      sample("X", [[p1, [1, 2, 3]], [p2, [2, 2, 4]], [p3, [5, 4, 4]]]),
      sample("X", [[p4, [3, 3, 1]]]),
      sample("Y", [[p5, [1, 1, 1]]]),
    ];
    const turns: TurnRating[][] = [
      // Out of order: matched by pair, not position.
      [{ pair: p3, rating: 5, replyRating: 5 }, { pair: p1, rating: 1, replyRating: 1 }, { pair: p2, rating: 2, replyRating: 2 }],
      // The turn model rated none of this dialogue's turns: p4 is left out.
      [],
      [{ pair: p5, rating: 3, replyRating: 3 }],
    ];
    const result = turnAgreement(samples, turns);
    expect(Object.keys(result).sort()).toEqual(["X", "Y"]);
    expect(result.X?.n).toBe(3);
    // Against the other two raters' means, (2.5, 3, 4), (2, 3, 4.5) and (1.5, 2, 4.5), the model's 1, 2, 5
    // ranks the turns alike at every position: ρ = 1.
    expect(result.X?.turnModel).toBeCloseTo(1, 10);
    // One human: rater 1 (1, 2, 5) ρ = 1; rater 2 (2, 2, 4) and rater 3 (3, 4, 4) tie two turns, ρ = 1.5 / √3 each.
    expect(result.X?.human).toBeCloseTo((1 + 2 * (1.5 / Math.sqrt(3))) / 3, 10);
    expect(result.Y?.n).toBe(1);
  });
});

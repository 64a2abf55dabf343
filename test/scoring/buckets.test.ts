import { describe, expect, it } from "vitest";
import type { Bucketing } from "../../rubrics/schema.js";
import { bucketize, describeMapping } from "../../scoring/buckets.js";
import { clean, fixed2, round2 } from "../../scoring/numbers.js";

const FLOOR: Bucketing = { mode: "floor", buckets: [20, 40, 60, 80, 100] };
const NEAREST: Bucketing = { mode: "nearest", buckets: [20, 40, 60, 80, 100] };

describe("floor bucketing (the round-down rule of docs/protocols.md#shared-scoring-panel-and-barem)", () => {
  it.each([
    [100, 100], // [100] → if ≥ 100
    [120, 100],
    [99.99, 80], // 80 ≤ avg < 100
    [98, 80], // the panel's example A (docs/protocols.md#known-slips-in-the-original-examples)
    [90.7, 80], // the original prompt's own example
    [80, 80], // exactly on a boundary stays
    [79.99, 60],
    [78.5, 60], // the original prompt's own example
    [60, 60],
    [59.99, 40],
    [40, 40],
    [39.99, 20], // < 40 → 20
    [20, 20],
    [0, 20], // below the lowest bucket still gives the lowest
    [-10, 20], // a deduction can push the average below 0
  ])("%d → %d", (value, bucket) => {
    expect(bucketize(value, FLOOR)).toBe(bucket);
  });

  it("ignores float noise: 79.99999999999999 is 80, not 60", () => {
    // 80*0.05 + 80*0.12 + 80*0.83 is exactly 80 on paper, 79.99999999999999 in IEEE doubles.
    const raw = 80 * 0.05 + 80 * 0.12 + 80 * 0.83;
    expect(raw).toBeLessThan(80);
    expect(bucketize(raw, FLOOR)).toBe(80);
    // 0.1 + 0.2 style: (0.1 + 0.2) * 200 = 60.00000000000001, cleaned to 60.
    expect(clean((0.1 + 0.2) * 200)).toBe(60);
    const noisy = (0.3 + 0.6) * 100 - 10; // 0.3 + 0.6 = 0.8999999999999999 → 79.99999999999999
    expect(noisy).toBeLessThan(80);
    expect(bucketize(noisy, FLOOR)).toBe(80);
  });

  it("does not treat a real shortfall as noise", () => {
    // clean() rounds at 1e-9: 1e-10 below a boundary is noise, 1e-5 below is a real value.
    expect(bucketize(79.9999999999, FLOOR)).toBe(80);
    expect(bucketize(79.99999, FLOOR)).toBe(60);
  });

  it("works with other bucket sets", () => {
    expect(bucketize(49.9, { mode: "floor", buckets: [0, 50, 100] })).toBe(0);
    expect(bucketize(50, { mode: "floor", buckets: [0, 50, 100] })).toBe(50);
  });
});

describe("nearest bucketing", () => {
  it.each([
    [70, 60], // tie between 60 and 80 goes down
    [30, 20], // tie between 20 and 40 goes down
    [90, 80], // tie goes down
    [70.0000000000001, 60], // float noise above a tie is still a tie
    [71, 80],
    [69, 60],
    [90.5, 100],
    [100, 100],
    [130, 100],
    [10, 20],
    [31, 40],
  ])("%d → %d", (value, bucket) => {
    expect(bucketize(value, NEAREST)).toBe(bucket);
  });
});

describe("describeMapping and number formatting", () => {
  it("says which rule mapped which value", () => {
    expect(describeMapping(98, 80, FLOOR)).toBe("round down to the bucket (bias low): 98.00 → 80");
    expect(describeMapping(70, 60, NEAREST)).toBe("nearest bucket, ties down: 70.00 → 60");
  });

  it("formats with two decimals after cleaning", () => {
    expect(fixed2(79.99999999999999)).toBe("80.00");
    expect(fixed2(47)).toBe("47.00");
    expect(round2(86.666)).toBe(86.67);
    expect(clean(15.000000000000002)).toBe(15); // 100 * 0.15 in doubles
  });
});

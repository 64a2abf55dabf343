import { describe, expect, it } from "vitest";
import { memoByObject } from "../../util/memo.js";

describe("memoByObject", () => {
  it("builds once per key object, undefined results included", () => {
    let builds = 0;
    const lengthOf = memoByObject((list: number[]) => {
      builds++;
      return list.length === 0 ? undefined : list.length;
    });
    const a = [1, 2];
    const empty: number[] = [];
    expect([lengthOf(a), lengthOf(a), lengthOf([1, 2])]).toEqual([2, 2, 2]);
    expect([lengthOf(empty), lengthOf(empty)]).toEqual([undefined, undefined]);
    expect(builds).toBe(3);
  });
});

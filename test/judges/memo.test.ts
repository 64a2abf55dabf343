import { describe, expect, it } from "vitest";
import { memoByObject, memoByText } from "../../util/memo.js";

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

describe("memoByText", () => {
  it("builds once per text, and again after the cache filled up (in characters) and was emptied", () => {
    const built: string[] = [];
    const length = memoByText((text) => {
      built.push(text);
      return text.length;
    }, 5);
    expect([length("ab"), length("ab"), length("abc"), length("ab")]).toEqual([2, 2, 3, 2]);
    expect(built).toEqual(["ab", "abc"]);
    length("abcd"); // 9 characters with the two before: the full cache is emptied first
    expect(length("ab")).toBe(2);
    expect(built).toEqual(["ab", "abc", "abcd", "ab"]);
  });

  it("remembers an undefined result too", () => {
    let calls = 0;
    const nothing = memoByText(() => {
      calls++;
      return undefined;
    });
    nothing("x");
    nothing("x");
    expect(calls).toBe(1);
  });
});

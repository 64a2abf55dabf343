import { describe, expect, it } from "vitest";
import { compileCues, findCues } from "../../evidence/cues/index.js";

const found = (cues: Parameters<typeof compileCues>[0], text: string) =>
  findCues(text, compileCues(cues)).map(({ match, index }) => [match, index]);

describe("findCues runs only cues a text can match, and finds the same", () => {
  it("RegExp cues: an optional letter, a top-level alternation, case folding", () => {
    expect(found([/\bthanks?\s+for\b/], "Thank for that")).toEqual([["Thank for", 0]]);
    expect(found([/\bfoo\b|\bbar\b/], "a bar")).toEqual([["bar", 2]]);
    expect(found([/\bsorry\b/], "ſorry about that")).toEqual([["ſorry", 0]]);
    expect(found([/\bkind\s+of\b/], "\u212Aind of")).toEqual([["\u212Aind of", 0]]);
  });

  it("phrases: word starts, stems, apostrophes and hyphens", () => {
    expect(found(["frustrat*"], "unfrustrated FRUSTRATING")).toEqual([["FRUSTRATING", 13]]);
    expect(found(["thank*"], "éthanks, thanks")).toEqual([["thanks", 9]]);
    expect(found(["that's not what i"], "Thats not what I said")).toEqual([["Thats not what I", 0]]);
    expect(found(["self-harm*"], "myself-harm, self-harming")).toEqual([["self-harming", 13]]);
  });

  it("a phrase runs when its anchor is in the lower-cased text, and then matches `ſ` too", () => {
    expect(found(["asked"], "I aſked")).toEqual([]);
    expect(found(["asked"], "I aſked, you asked")).toEqual([["aſked", 2], ["asked", 13]]);
  });

  it("orders hits by position, then by cue, and steps past empty matches by code point", () => {
    expect(found(["not", "not sure"], "Not sure, not")).toEqual([["Not", 0], ["Not sure", 0], ["not", 10]]);
    expect(found([/x*/], "a😀")).toEqual([["", 0], ["", 1], ["", 3]]);
  });
});

describe("the Unicode facts the filters rely on (checked on every code point)", () => {
  const codePoints = function* () {
    for (let cp = 0; cp <= 0x10ffff; cp++) if (cp < 0xd800 || cp > 0xdfff) yield String.fromCodePoint(cp);
  };

  it("a character matching an ASCII letter or digit under `iu` lower-cases to it (`ſ` read as `s`)", () => {
    const wrong: string[] = [];
    for (const c of codePoints()) {
      if (!/[a-z0-9]/iu.test(c)) continue;
      const lower = c.toLowerCase().replace(/ſ/g, "s");
      if (!/^[a-z0-9]$/.test(lower) || !new RegExp(`^${lower}$`, "iu").test(c)) wrong.push(c);
    }
    expect(wrong).toEqual([]);
  });

  it("a character that is not a letter or digit lower-cases to no letter or digit", () => {
    const wrong: string[] = [];
    for (const c of codePoints()) if (!/[\p{L}\p{N}]/u.test(c) && /[\p{L}\p{N}]/u.test(c.toLowerCase())) wrong.push(c);
    expect(wrong).toEqual([]);
  });
});

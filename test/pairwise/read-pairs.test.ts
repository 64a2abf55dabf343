/** readPairs: one pair per JSONL line, each side a chat dialogue, a dialogue object or transcript text. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readPairs } from "../../nodes/pairwise/read-pairs.js";
import { isPairDialogue, pairDialogue } from "../../nodes/pairwise/pair.js";
import { GOOD, BAD } from "./helpers.js";

const FIXTURE = "test/pairwise/fixtures/pairs.jsonl";
const dir = mkdtempSync(join(tmpdir(), "tribunal-pairs-"));

async function all(file: string) {
  const out = [];
  for await (const p of readPairs(file)) out.push(p);
  return out;
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe("pairDialogue", () => {
  it("is a Dialogue whose turns are A's then B's, sides kept under pair, every rating stripped", () => {
    const p = pairDialogue("x", GOOD, BAD);
    expect(p.id).toBe("x");
    expect(p.turns.map((t) => t.text)).toEqual([...GOOD.turns, ...BAD.turns].map((t) => t.text));
    expect(p.turns.every((t) => t.ratings === undefined)).toBe(true);
    expect(p.pair.a.overallRatings).toBeUndefined();
    expect(p.pair.b.turns[0]).toEqual({ speaker: "user", text: "I was charged twice for order 48213." });
    expect(isPairDialogue(p)).toBe(true);
    expect(isPairDialogue(GOOD)).toBe(false);
  });
});

describe("readPairs", () => {
  it("reads the fixture: chat sides with ids, a dialogue object and a turn-text transcript (its id from the pair)", async () => {
    const pairs = await all(FIXTURE);
    expect(pairs.map((p) => [p.id, p.pair.a.id, p.pair.b.id, p.source?.line])).toEqual([
      ["refund", "refund-v1", "refund-v2", 1],
      ["refund-swapped", "refund-v2", "refund-v1", 2],
      ["parcel", "parcel-v1", "parcel.b", 3],
    ]);
    const parcel = pairs[2];
    expect(parcel?.pair.b.turns.map((t) => t.speaker)).toEqual(["user", "assistant", "user", "assistant", "user"]);
    expect(parcel?.turns).toHaveLength((parcel?.pair.a.turns.length ?? 0) + 5);
  });

  it("gives an id-less pair its position among the pairs, skipping blank lines", async () => {
    const side = { messages: [{ role: "user", content: "hi there" }, { role: "assistant", content: "hello, how can I help?" }] };
    const pairs = await all(file("noid.jsonl", `\n${JSON.stringify({ a: side, b: side })}\n\n${JSON.stringify({ a: side, b: side })}\n`));
    expect(pairs.map((p) => [p.id, p.pair.a.id, p.pair.b.id, p.source?.line])).toEqual([
      [0, "0.a", "0.b", 2],
      [1, "1.a", "1.b", 4],
    ]);
  });

  it("names file and line of a bad pair: a missing side, invalid JSON, a result line, a side of two dialogues", async () => {
    const side = { messages: [{ role: "user", content: "hi" }] };
    await expect(all(file("missing.jsonl", `${JSON.stringify({ id: "p", a: side })}\n`))).rejects.toThrow(/missing\.jsonl:1: expected a pair \{id\?, a, b\}.*side b is missing/);
    await expect(all(file("json.jsonl", `${JSON.stringify({ id: "p", a: side, b: side })}\n{nope\n`))).rejects.toThrow(/json\.jsonl:2: expected valid JSON/);
    await expect(all(file("result.jsonl", `${JSON.stringify({ dialogue_id: 1, winner: "A", meta: {} })}\n`))).rejects.toThrow(/result\.jsonl:1: .*this is a result line/);
    const two = "USER\ta b\t\t\nSYSTEM\tc d\t\t\n\nUSER\te f\t\t\nSYSTEM\tg h\t\t";
    await expect(all(file("two.jsonl", `${JSON.stringify({ id: "p", a: side, b: two })}\n`))).rejects.toThrow(/two\.jsonl:1: expected side b as one transcript/);
    await expect(all(file("number.jsonl", `${JSON.stringify({ id: "p", a: side, b: 7 })}\n`))).rejects.toThrow(/number\.jsonl:1: expected side b as a chat dialogue/);
    await expect(all(join(dir, "absent.jsonl"))).rejects.toThrow(/absent\.jsonl:0: expected an existing readable file/);
  });
});

describe("readPairs, other chat shapes", () => {
  it("reads a side given as a bare message list or as ShareGPT, its id from the pair", async () => {
    const list = [{ role: "user", content: "Hi" }, { role: "assistant", content: "Hello" }];
    const shareGpt = { conversations: [{ from: "human", value: "Hi" }, { from: "gpt", value: "Hey" }] };
    const [pair] = await all(file("shapes.jsonl", `${JSON.stringify({ id: "s", a: list, b: shareGpt })}\n`));
    expect(pair?.pair.a).toEqual({ id: "s.a", turns: [{ speaker: "user", text: "Hi" }, { speaker: "assistant", text: "Hello" }], source: { file: join(dir, "shapes.jsonl"), line: 1 } });
    expect(pair?.pair.b.id).toBe("s.b");
    expect(pair?.pair.b.turns.map((t) => t.text)).toEqual(["Hi", "Hey"]);
  });
});

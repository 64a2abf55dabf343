/** joinDialogueFiles: two dialogue files joined by id into pairs; ids in one file only reported; bad files named. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isPairJoinError, joinDialogueFiles } from "../../nodes/pairwise/join-files.js";
import { pairsFileLine } from "../../nodes/pairwise/pairs-file.js";
import { readPairs } from "../../nodes/pairwise/read-pairs.js";
import { BAD, GOOD } from "./helpers.js";

const V1 = "test/pairwise/fixtures/bot-v1.jsonl";
const V2 = "test/pairwise/fixtures/bot-v2.jsonl";

const dir = mkdtempSync(join(tmpdir(), "tribunal-join-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const chat = (id: string | number, reply: string) => JSON.stringify({ id, messages: [{ role: "user", content: "Where is my parcel?" }, { role: "assistant", content: reply }] });

describe("joinDialogueFiles", () => {
  it("pairs the ids both files have, in the first file's order, A from the first file; the others are reported", async () => {
    const joined = await joinDialogueFiles(V1, V2);
    expect(joined.pairs.map((p) => p.id)).toEqual(["refund", "parcel", "hours", "address"]);
    expect(joined.onlyA).toEqual(["gift"]);
    expect(joined.onlyB).toEqual(["returns"]);
    const refund = joined.pairs[0];
    expect(refund?.pair.a.turns[1]?.text).toMatch(/^I'm sorry about that\. I have refunded/);
    expect(refund?.pair.b.turns[1]?.text).toBe("What is your order number?");
    expect(refund?.turns).toHaveLength(refund!.pair.a.turns.length + refund!.pair.b.turns.length);
  });

  it("never lets human ratings into a pair, nor into the pairs file written from it", async () => {
    const { pairs } = await joinDialogueFiles(V1, V2);
    for (const p of pairs) {
      for (const side of [p.pair.a, p.pair.b]) {
        expect(side.overallRatings).toBeUndefined();
        expect(side.turns.every((t) => t.ratings === undefined)).toBe(true);
      }
    }
    const text = pairsFileLine("x", GOOD, BAD);
    expect(text).not.toMatch(/ratings|SECRET_ACT_LABEL/i);
    const [back] = await (async () => {
      const out = [];
      for await (const p of readPairs(file("one.jsonl", text))) out.push(p);
      return out;
    })();
    expect(back?.pair.a.turns.map((t) => t.text)).toEqual(GOOD.turns.map((t) => t.text));
    expect(back?.pair.b.id).toBe("bad");
  });

  it("keys ids as text: a USS file's positions join a chat file's string ids", async () => {
    const uss = file("v1.tsv", ["SYSTEM\tHello.\tOTHER\t", "USER\tHi there.\tOTHER\t", "", "SYSTEM\tHow can I help?\tOTHER\t", "USER\tMy parcel is late.\tOTHER\t"].join("\n"));
    const jsonl = file("v2.jsonl", [chat("1", "Sorry, it ships today."), chat("7", "Unrelated.")].join("\n"));
    const joined = await joinDialogueFiles(uss, jsonl);
    expect(joined.pairs.map((p) => p.id)).toEqual([1]);
    expect(joined).toMatchObject({ onlyA: ["0"], onlyB: ["7"] });
  });

  it("no id in common: a PairJoinError naming both files and some ids of each", async () => {
    const a = file("a.jsonl", chat("x", "One.") + "\n");
    const b = file("b.jsonl", chat("y", "Two.") + "\n");
    const error = await joinDialogueFiles(a, b).catch((e: unknown) => e);
    expect(isPairJoinError(error)).toBe(true);
    expect((error as Error).message).toContain(`${a} and ${b} share no dialogue id`);
    expect((error as Error).message).toMatch(/e\.g\. "x".*e\.g\. "y"/);
  });

  it("an id twice in one file is an error naming the file and both places", async () => {
    const twice = file("twice.jsonl", [chat("x", "One."), chat("x", "Two.")].join("\n"));
    await expect(joinDialogueFiles(twice, V2)).rejects.toThrow(new RegExp(`^${twice}:2: expected dialogue ids used once \\(compare joins the two files by id\\), got "x again, first at line 1"`));
  });

  it("result lines instead of dialogues: says so, naming file and line", async () => {
    const results = file("results.jsonl", `\n${JSON.stringify({ dialogue_id: "x", winner: "A", meta: { protocol: "pairwise" } })}\n`);
    await expect(joinDialogueFiles(V1, results)).rejects.toThrow(new RegExp(`^${results}:2: expected a dialogue file: this is a result line of tribunal evaluate`));
  });

  it("a pairs file: points at evaluate --protocol pairwise", async () => {
    await expect(joinDialogueFiles("test/pairwise/fixtures/pairs.jsonl", V2)).rejects.toThrow(/pairs\.jsonl:1: expected a dialogue file: this is a pairs file; judge it with tribunal evaluate <pairs\.jsonl> --protocol pairwise/);
  });

  it("a missing file: the reader's own error", async () => {
    await expect(joinDialogueFiles(V1, join(dir, "missing.jsonl"))).rejects.toThrow(/missing\.jsonl:0: expected an existing readable file, got "ENOENT"/);
  });
});

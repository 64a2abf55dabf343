/** Several input files, globs and stdin: what `tribunal evaluate a.jsonl b.jsonl 'dir/*.jsonl' -` reads, and the ids it judges. */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { isDialogueParseError } from "../../dialogues/errors.js";
import { readInputs, scanInputs } from "../../runs/input-scan.js";
import { openInputs } from "../../runs/input-sources.js";
import { readDialogues } from "../../dialogues/read.js";

const dir = mkdtempSync(join(tmpdir(), "tribunal-inputs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const chat = (id: string | number | undefined, text: string) => JSON.stringify({ ...(id === undefined ? {} : { id }), messages: [{ role: "user", content: text }, { role: "assistant", content: "ok" }] });
const write = (name: string, lines: string[]): string => {
  const path = join(dir, name);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
};
const noStdin = Readable.from([]);

async function judgedIds(paths: string[]): Promise<{ ids: (string | number)[]; files: (string | undefined)[] }> {
  const inputs = await openInputs(paths, noStdin);
  const scanned = await scanInputs(inputs.sources, readDialogues);
  const dialogues: Dialogue[] = [];
  for await (const d of readInputs(inputs.sources, readDialogues, scanned.prefixes)) dialogues.push(d);
  expect(scanned.count).toBe(dialogues.length);
  return { ids: dialogues.map((d) => d.id), files: dialogues.map((d) => d.source?.file) };
}

describe("several input files", () => {
  it("keep their ids when no id occurs in two files", async () => {
    const a = write("keep/a.jsonl", [chat("x", "one"), chat("y", "two")]);
    const b = write("keep/b.jsonl", [chat("z", "three")]);
    expect(await judgedIds([a, b])).toEqual({ ids: ["x", "y", "z"], files: [a, a, b] });
  });

  it("prefix every id with its file's base name when an id occurs in two files (ids by position included)", async () => {
    const a = write("clash/a.jsonl", [chat(undefined, "one"), chat(undefined, "two")]);
    const b = write("clash/b.jsonl", [chat(undefined, "three"), chat("w", "four")]);
    expect((await judgedIds([a, b])).ids).toEqual(["a.jsonl:0", "a.jsonl:1", "b.jsonl:0", "b.jsonl:w"]);
  });

  it("prefix with the name as given when two files share a base name", async () => {
    const one = write("same/1/d.jsonl", [chat("q", "one")]);
    const two = write("same/2/d.jsonl", [chat("q", "two")]);
    expect((await judgedIds([one, two])).ids).toEqual([`${one}:q`, `${two}:q`]);
  });

  it("still refuse an id given twice in one file, naming the file and both lines", async () => {
    const bad = write("dup/bad.jsonl", [chat("k", "one"), chat("k", "two")]);
    const inputs = await openInputs([bad], noStdin);
    const error = await scanInputs(inputs.sources, readDialogues).catch((e: unknown) => e);
    expect(isDialogueParseError(error)).toBe(true);
    expect((error as Error).message).toBe(`${bad}:2: expected dialogue ids used once (results are joined and resumed by id), got "k again, first at line 1"`);
  });
});

describe("globs and stdin", () => {
  it("expand a pattern to its files in sorted order, read a file named twice once, and refuse a pattern matching nothing", async () => {
    const b = write("glob/b.jsonl", [chat("b1", "one")]);
    const a = write("glob/a.jsonl", [chat("a1", "two")]);
    write("glob/notes.txt", ["User: not matched"]);
    const inputs = await openInputs([join(dir, "glob/*.jsonl"), a], noStdin);
    expect(inputs.sources).toEqual([
      { path: a, name: a },
      { path: b, name: b },
    ]);
    const none = await openInputs([join(dir, "glob/*.csv")], noStdin).catch((e: unknown) => e);
    expect((none as Error).message).toBe(`${join(dir, "glob/*.csv")}:0: expected at least one file matching the pattern, got "no file matches"`);
  });

  it("read - from stdin through a temporary copy named - in errors and sources, removed on close", async () => {
    const stdin = Readable.from(["User: Is the shop open?\n", "Assistant: Yes, until six.\n"]);
    const inputs = await openInputs(["-"], stdin);
    const [source] = inputs.sources;
    expect(source?.name).toBe("-");
    const dialogues: Dialogue[] = [];
    for (const pass of [1, 2]) {
      // Read twice, as a run does (the scan, then judging): the copy allows it.
      const scanned = await scanInputs(inputs.sources, readDialogues);
      for await (const d of readInputs(inputs.sources, readDialogues, scanned.prefixes)) if (pass === 2) dialogues.push(d);
    }
    expect(dialogues).toEqual([{ id: 0, turns: [{ speaker: "user", text: "Is the shop open?" }, { speaker: "assistant", text: "Yes, until six." }], source: { file: "-", line: 1 } }]);
    await inputs.close();
    expect(existsSync(source?.path ?? "")).toBe(false);

    const bad = await openInputs(["-"], Readable.from(["hello world\n"]));
    const error = await scanInputs(bad.sources, readDialogues).catch((e: unknown) => e);
    await bad.close();
    expect((error as Error).message).toMatch(/^-:1: expected a dialogue transcript/);
    await expect(openInputs(["-", "-"], noStdin)).rejects.toThrow("standard input (-) can be named once");
  });
});

/**
 * A corpus of malformed inputs: each one is a clear one-line error naming the file (and the line
 * where there is one), a non-zero exit, no stack trace, nothing on stdout and no --out file.
 * Run in process through the CLI program (the same code as `bin/tribunal.js`); two cases also run
 * as real processes.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { evaluateInProcess, runCliToEnd } from "./child.js";

const dir = mkdtempSync(join(tmpdir(), "tribunal-malformed-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const chat = (id: unknown, messages: unknown) => JSON.stringify({ id, messages });
const OK_LINE = chat("ok", [{ role: "user", content: "Hi" }, { role: "assistant", content: "Hello!" }]);

const CORPUS: { name: string; path: string; message: RegExp }[] = [
  { name: "an empty file", path: file("empty.jsonl", ""), message: /empty\.jsonl:1: expected at least one dialogue/ },
  { name: "only blank lines", path: file("blank.jsonl", "\n  \n\t\n"), message: /blank\.jsonl:\d+: expected at least one dialogue/ },
  { name: "a NUL byte", path: file("nul.jsonl", Buffer.from('{"id": 1\u0000}\n')), message: /nul\.jsonl:1: expected a UTF-8 text file \(found a NUL byte\)/ },
  { name: "invalid UTF-8", path: file("latin1.txt", Buffer.from([0x55, 0x53, 0x45, 0x52, 0x3a, 0x20, 0xe9, 0x74, 0xe9, 0x0a])), message: /latin1\.txt:1: expected a UTF-8 text file \(found invalid UTF-8\)/ },
  { name: "a truncated JSON line", path: file("truncated.jsonl", '{"id": "a", "messages": [{"role": "user", "content": "Hi"\n'), message: /truncated\.jsonl:1: expected (valid JSON|a dialogue)/ },
  { name: "a bad second line after a good one", path: file("second.jsonl", `${OK_LINE}\n{"id": "b", "messages": [}\n`), message: /second\.jsonl:2: expected valid JSON/ },
  { name: "a JSON object that is not a dialogue", path: file("object.jsonl", '{"foo": 1}\n'), message: /object\.jsonl:1: expected a chat dialogue/ },
  { name: "messages that are not a list", path: file("messages-string.jsonl", `${chat("x", "hello")}\n`), message: /messages-string\.jsonl:1: expected/ },
  { name: "an unknown role", path: file("role.jsonl", `${chat("x", [{ role: "wizard", content: "hi" }])}\n`), message: /role\.jsonl:1: expected .*role/ },
  { name: "a message without content", path: file("no-content.jsonl", `${chat("x", [{ role: "user" }])}\n`), message: /no-content\.jsonl:1: expected/ },
  { name: "no messages", path: file("no-messages.jsonl", `${chat("x", [])}\n`), message: /no-messages\.jsonl:1: expected/ },
  { name: "a negative id", path: file("negative-id.jsonl", `${chat(-1, [{ role: "user", content: "hi" }])}\n`), message: /negative-id\.jsonl:1: expected/ },
  { name: "the same id twice", path: file("duplicate.jsonl", `${OK_LINE}\n${chat("b", [{ role: "user", content: "x" }])}\n${OK_LINE}\n`), message: /duplicate\.jsonl:3: expected dialogue ids used once .*got "ok again, first at line 1"/ },
  { name: "a JSON document cut short", path: file("cut.json", '[{"id": 1, "messages": [{"role": "user", "content": "hi"}]},\n{"id": 2, "mess'), message: /cut\.json:2: expected valid JSON/ },
  { name: "a JSON array with a bad element", path: file("array.json", `[\n${OK_LINE},\n{"id": "y"}\n]`), message: /array\.json:3: expected/ },
  { name: "a USS line with an unknown role", path: file("robot.tsv", "SYSTEM\tHello\tOTHER\t\nROBOT\tbeep\tOTHER\t3,3\n"), message: /robot\.tsv:2: expected/ },
  { name: "USS ratings that are not 1–5", path: file("ratings.tsv", "SYSTEM\tHello\tOTHER\t\nUSER\tHi there\tOTHER\t9,x\n"), message: /ratings\.tsv:2: expected/ },
  { name: "a USS OVERALL line before any turn", path: file("overall.tsv", "USER\tOVERALL\tOTHER\t4,4\n"), message: /overall\.tsv:1: expected/ },
  { name: "turn text whose turn has no speaker line", path: file("turns.txt", "--- Turn 1 ---\nnarrator: and then\n"), message: /turns\.txt:2: expected a 'User:' or 'Assistant:' line/ },
  { name: "turn text with an empty turn", path: file("empty-turn.txt", "--- Turn 1 ---\n"), message: /empty-turn\.txt:1: expected at least one 'User:' or 'Assistant:' line/ },
  { name: "a directory", path: (() => {
    const path = join(dir, "a-directory");
    mkdirSync(path);
    return path;
  })(), message: /a-directory:0: expected an existing readable file/ },
];

const lines = (text: string) => text.split("\n").filter((l) => l.trim() !== "");

describe("malformed inputs", () => {
  afterEach(() => vi.restoreAllMocks());

  it("the corpus has at least 15 cases", () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(15);
  });

  it.for(CORPUS)("$name: one line naming the file, exit 2, no stack trace, no --out", async ({ name, path, message }, { expect }) => {
    const out = join(dir, `${name.replace(/\W+/g, "-")}.out.jsonl`);
    const run = await evaluateInProcess([path, "--out", out]);
    expect(run.code, run.stderr).toBe(2);
    expect(lines(run.stderr), run.stderr).toHaveLength(1);
    expect(run.stderr).toMatch(/^tribunal: /);
    expect(run.stderr).not.toMatch(/unexpected error/);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.length).toBeLessThan(300);
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(run.stdout).toBe("");
    expect(existsSync(out)).toBe(false);
  });

  it("as real processes too: the same one line and exit code 2", { timeout: 30_000 }, async () => {
    for (const c of [CORPUS[4], CORPUS[12]]) {
      if (!c) throw new Error("corpus too short");
      const out = join(dir, "process.out.jsonl");
      const run = await runCliToEnd(["evaluate", c.path, "--out", out]);
      expect(run.code, run.stderr).toBe(2);
      expect(lines(run.stderr)).toEqual([expect.stringMatching(c.message)]);
      expect(run.stderr).not.toMatch(/^\s+at |node:internal/m);
      expect(existsSync(out)).toBe(false);
    }
  });
});

/** Candidate submissions `{id, content}` and plain text files as one-turn dialogues (consensus input). */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import { readConsensusInput, submissionDialogue } from "../../nodes/consensus/submissions.js";
import { parseDialogues } from "../../dialogues/read.js";
import type { Dialogue } from "../../dialogues/dialogue.js";

const dir = mkdtempSync(join(tmpdir(), "tribunal-submissions-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

async function readAll(path: string): Promise<Dialogue[]> {
  const out: Dialogue[] = [];
  for await (const d of readConsensusInput(path)) out.push(d);
  return out;
}

describe("candidate submissions", () => {
  it("the dialogue parser alone rejects {id, content}: hence this reader", () => {
    expect(() => parseDialogues('{"id": "c1", "content": "I know Go."}', "c.jsonl")).toThrow(/c\.jsonl:1: expected a chat dialogue/);
  });

  it("reads examples/candidates.jsonl as one-turn dialogues", async () => {
    const all = await readAll("examples/candidates.jsonl");
    expect(all.map((d) => d.id)).toEqual(["candidate_1", "candidate_2", "candidate_3"]);
    for (const d of all) {
      expect(d.turns).toHaveLength(1);
      expect(d.turns[0]?.speaker).toBe("user");
    }
    expect(all[1]?.turns[0]?.text).toMatch(/^I have six years of experience as a backend engineer/);
    expect(all[2]?.source).toEqual({ file: "examples/candidates.jsonl", line: 3 });
  });

  it("JSONL: a missing id is the 0-based position; a chat dialogue line is accepted too; blank lines skipped", async () => {
    const path = file("mixed.jsonl", '{"content": "First."}\n\n{"id": "x", "content": "Second."}\n{"id": "chat", "messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}]}\n');
    const all = await readAll(path);
    expect(all.map((d) => [d.id, d.turns.length])).toEqual([[0, 1], ["x", 1], ["chat", 2]]);
  });

  it("a JSON document: an array of submissions, with the lines they start on", async () => {
    const path = file("batch.json", '[\n  {"id": "a", "content": "Alpha."},\n  {"id": "b", "content": "Beta."}\n]\n');
    expect(await readAll(path)).toEqual([submissionDialogue("a", "Alpha.", { file: path, line: 2 }), submissionDialogue("b", "Beta.", { file: path, line: 3 })]);
  });

  it("a plain text file is one submission named after the file", async () => {
    const path = file("jane-doe.txt", "Dear team,\nI have built data pipelines in Python for four years.\n");
    expect(await readAll(path)).toEqual([submissionDialogue("jane-doe", "Dear team,\nI have built data pipelines in Python for four years.\n", { file: path, line: 1 })]);
  });

  it("dialogue files go through the dialogue reader unchanged", async () => {
    const all = await readAll("examples/customer-service.jsonl");
    expect(all.length).toBeGreaterThan(1);
    expect(all[0]?.id).toBe("refund-resolved");
    expect(all[0]?.turns.length).toBeGreaterThan(1);
  });

  it("bad submissions are errors naming file and line", async () => {
    await expect(readAll(file("empty.jsonl", '{"id": "a", "content": "ok"}\n{"id": "b", "content": "  "}\n'))).rejects.toThrow(/empty\.jsonl:2: expected a candidate submission \{id\?, content\}.*content is empty/);
    await expect(readAll(file("broken.jsonl", '{"id": "a", "content": "ok"}\n{"id": "b", "content": \n'))).rejects.toThrow(/broken\.jsonl:2: expected valid JSON/);
    await expect(readAll(join(dir, "missing.jsonl"))).rejects.toMatchObject({ name: "DialogueParseError" });
  });
});

/** `tribunal evaluate` on stdin, several files and globs: ids, meta.source, validation first, --resume. */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PROVIDER_AND_TRACING_ENV, ROOT, runCli, type CliRun } from "../support/cli.js";
import { parseLines, stderrLines } from "./helpers.js";

const dir = mkdtempSync(join(tmpdir(), "tribunal-cli-inputs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const chat = (id: string | number | undefined, text: string) =>
  JSON.stringify({ ...(id === undefined ? {} : { id }), messages: [{ role: "user", content: text }, { role: "assistant", content: "I have sorted it out for you." }, { role: "user", content: "Thanks!" }] });
function write(name: string, lines: string[]): string {
  const path = join(dir, name);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
}

/** `node bin/tribunal.js …` with `input` on its stdin. */
function runWithStdin(args: readonly string[], input: string): Promise<CliRun> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of PROVIDER_AND_TRACING_ENV) delete env[name];
  return new Promise((resolve) => {
    const child = execFile(process.execPath, ["bin/tribunal.js", ...args], { cwd: ROOT, env, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
    });
    child.stdin?.end(input);
  });
}

const sources = (lines: ReturnType<typeof parseLines>) => lines.map((l) => [l.dialogue_id, (l.meta["source"] as { file: string }).file]).sort((x, y) => String(x[0]).localeCompare(String(y[0])));

describe("tribunal evaluate -", () => {
  it("judges the dialogues piped to stdin, recording the file as -", async () => {
    const run = await runWithStdin(["evaluate", "-"], "User: My order 7 never came.\nAssistant: Sorry! I have sent a new one today.\nUser: Thanks!\n");
    expect(run.code, run.stderr).toBe(0);
    const lines = parseLines(run.stdout);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.dialogue_id).toBe(0);
    expect(lines[0]?.meta["source"]).toEqual({ file: "-", dialogue_hash: expect.stringMatching(/^[0-9a-f]{16}$/) });
  });
});

describe("tribunal evaluate a.jsonl b.jsonl 'dir/*.jsonl'", () => {
  it("judges every file, prefixing ids found in several files, and resumes the same input without judging anything again", async () => {
    const a = write("multi/a.jsonl", [chat(undefined, "My parcel never came."), chat(undefined, "I was charged twice.")]);
    const b = write("multi/more/b.jsonl", [chat(undefined, "The app crashes.")]);
    write("multi/more/c.jsonl", [chat("c-only", "Where is my refund?")]);
    const pattern = join(dir, "multi/more/*.jsonl");
    const out = join(dir, "multi.jsonl");
    const run = await runCli(["evaluate", a, pattern, "--out", out]);
    expect(run.code, run.stderr).toBe(0);
    const lines = parseLines(readFileSync(out, "utf8"));
    // Position ids 0 and 1 occur in a.jsonl and b.jsonl: every id gets its file's base name.
    expect(sources(lines)).toEqual([
      ["a.jsonl:0", a],
      ["a.jsonl:1", a],
      ["b.jsonl:0", b],
      ["c.jsonl:c-only", join(dir, "multi/more/c.jsonl")],
    ]);
    const again = await runCli(["evaluate", a, pattern, "--out", out, "--resume"]);
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(out, "utf8").trim().split("\n")).toHaveLength(4);
    expect(again.stderr).toMatch(/resumed: 4/);
  });

  it("checks every file before judging: a bad second file writes nothing", async () => {
    const good = write("check/good.jsonl", [chat("g", "Hello")]);
    const bad = write("check/bad.jsonl", [chat("x", "Hi"), "not json"]);
    const out = join(dir, "check.jsonl");
    const run = await runCli(["evaluate", good, bad, "--out", out]);
    expect(run.code).toBe(2);
    expect(stderrLines(run)).toEqual([expect.stringMatching(/^tribunal: .*bad\.jsonl:2: expected valid JSON/)]);
    expect(existsSync(out)).toBe(false);
  });
});

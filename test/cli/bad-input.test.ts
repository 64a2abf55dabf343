/**
 * Bad input and bad options: exit code 2, exactly one short line on stderr (`tribunal: …` or
 * commander's `error: …`), no stack trace, nothing on stdout and nothing written to --out.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { expectNoStackTrace, ROOT, runCli, stderrLines } from "./helpers.js";

const dir = mkdtempSync(join(tmpdir(), "tribunal-cli-bad-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

const EXAMPLE = "examples/customer-service.jsonl";
const badWeights = (() => {
  const rubric = JSON.parse(readFileSync(join(ROOT, "rubrics/customer-service.json"), "utf8")) as { id: string; criteria: { weight: number }[] };
  rubric.id = "bad-weights";
  (rubric.criteria[0] as { weight: number }).weight = 0.5; // 0.5 + 0.15 + 0.15 + 0.1 × 3 = 1.1
  return file("bad-weights.json", JSON.stringify(rubric));
})();

const CASES: { name: string; args: string[]; message: RegExp }[] = [
  { name: "an empty file", args: [file("empty.txt", "")], message: /^tribunal: .*empty\.txt:1: expected at least one dialogue/ },
  { name: "a binary file", args: [file("blob.bin", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0xff, 0xfe, 0x0a, 0x00]))], message: /^tribunal: .*blob\.bin:1: expected a UTF-8 text file/ },
  { name: "a JSON line that is not a dialogue", args: [file("not-dialogue.jsonl", '{"foo": 1}\n')], message: /^tribunal: .*not-dialogue\.jsonl:1: expected a chat dialogue/ },
  { name: "a missing file", args: [join(dir, "missing.jsonl")], message: /^tribunal: .*missing\.jsonl.*ENOENT/ },
  { name: "an unknown --protocol", args: [EXAMPLE, "--protocol", "tribunal-of-one"], message: /^error: option '--protocol <protocol>' argument 'tribunal-of-one' is invalid/ },
  { name: "an unknown --rubric", args: [EXAMPLE, "--rubric", "no-such-rubric"], message: /^tribunal: rubric no-such-rubric: no built-in rubric with this id; built-in rubrics: .*customer-service/ },
  { name: "a rubric whose weights sum to 1.1", args: [EXAMPLE, "--rubric", badWeights], message: /^tribunal: rubric .*bad-weights\.json: criteria: weights must sum to 1, they sum to 1\.1$/ },
  { name: "--concurrency 0", args: [EXAMPLE, "--concurrency", "0"], message: /^error: option '--concurrency <n>' argument '0' is invalid/ },
  { name: "--model foo:bar", args: [EXAMPLE, "--model", "foo:bar"], message: /^tribunal: unknown model "foo:bar": use `offline`, `openai:<model>`.*, `azure:<deployment>`, `anthropic:<model>` or `google:<model>` \(Gemini\)$/ },
  { name: "--model openai:… without a key or base URL", args: [EXAMPLE, "--model", "openai:gpt-4o-mini"], message: /^tribunal: cannot create model openai:gpt-4o-mini: no API key; set OPENAI_API_KEY/ },
  { name: "an unknown option", args: [EXAMPLE, "--colour"], message: /^error: unknown option '--colour'/ },
];

// Sequential on purpose: a dozen Node processes starting at once on two cores is slower than one at a time.
describe("tribunal evaluate on bad input", () => {
  it.for(CASES)("$name: exit 2, one line on stderr, no --out file", async ({ name, args, message }, { expect }) => {
    const out = join(dir, `${name.replace(/\W+/g, "-")}.jsonl`);
    const run = await runCli(["evaluate", ...args, "--out", out]);
    expect(run.code, run.stderr).toBe(2);
    const lines = stderrLines(run);
    expect(lines, run.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect((lines[0] ?? "").length).toBeLessThan(300);
    expectNoStackTrace(run);
    expect(run.stdout).toBe("");
    expect(existsSync(out), `${out} should not exist`).toBe(false);
  });

  it("leaves an existing --out file untouched when the input is bad", async ({ expect }) => {
    const out = file("previous-results.jsonl", '{"dialogue_id":"earlier-run"}\n');
    const run = await runCli(["evaluate", join(dir, "empty.txt"), "--out", out]);
    expect(run.code).toBe(2);
    expect(readFileSync(out, "utf8")).toBe('{"dialogue_id":"earlier-run"}\n');
  });

  it("an --out path that cannot be written is a one-line error, not a crash", async ({ expect }) => {
    const run = await runCli(["evaluate", EXAMPLE, "--out", join(dir, "no-such-dir", "results.jsonl")]);
    expect(run.code).toBe(2);
    expect(stderrLines(run)).toEqual([expect.stringMatching(/^tribunal: cannot write --out .*no-such-dir\/results\.jsonl: ENOENT/)]);
    expectNoStackTrace(run);
  });
});

describe("tribunal with a missing argument", () => {
  it("evaluate without a file: exit 2 and commander's one-line error", async () => {
    const run = await runCli(["evaluate"]);
    expect(run.code).toBe(2);
    expect(stderrLines(run)).toEqual([expect.stringMatching(/^error: missing required argument 'files'/)]);
  });
});

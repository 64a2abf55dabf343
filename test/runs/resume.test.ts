import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { dropTornLine, idKey, scanResults } from "../../runs/resume.js";
import { runBatch, writeDialogues } from "../faults/helpers.js";

const dir = mkdtempSync(join(tmpdir(), "tribunal-resume-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const EXPECTED = { hash: "abc", protocol: "panel", rubric: "customer-service", model: "offline" };
const line = (id: string | number, meta: Record<string, unknown> = {}) => `${JSON.stringify({ dialogue_id: id, meta: { config_hash: "abc", protocol: "panel", rubric: "customer-service", model: "offline", ...meta } })}\n`;
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe("scanResults", () => {
  it("collects the ids of whole lines; a missing file is an empty start", async () => {
    const scan = await scanResults(file("ok.jsonl", line("a") + line(1) + line("1")), EXPECTED);
    expect(scan).toMatchObject({ lines: 3, tornBytes: 0 });
    expect([...scan.done].sort()).toEqual([idKey(1), idKey("1"), idKey("a")].sort());
    expect((await scanResults(join(dir, "absent.jsonl"), EXPECTED)).done.size).toBe(0);
  });

  it("does not read a torn last line, and dropTornLine cuts it off", async () => {
    const whole = line("a") + line("b");
    const fragment = '{"dialogue_id":"c","meta":{"conf';
    const path = file("torn.jsonl", whole + fragment);
    const scan = await scanResults(path, EXPECTED);
    expect([...scan.done]).toEqual([idKey("a"), idKey("b")]);
    expect(scan).toMatchObject({ wholeBytes: Buffer.byteLength(whole), tornBytes: fragment.length });
    dropTornLine(path, scan);
    expect(readFileSync(path, "utf8")).toBe(whole);
  });

  it("reads a file bigger than one read chunk, with multi-byte text across chunk borders", async () => {
    const text = Array.from({ length: 3000 }, (_, i) => line(`é-${i}-${"ü".repeat(20)}`)).join("");
    const scan = await scanResults(file("big.jsonl", text), EXPECTED);
    expect(scan.done.size).toBe(3000);
    expect(scan.wholeBytes).toBe(Buffer.byteLength(text));
  });

  it.each([
    ["another model", line("a") + line("b", { config_hash: "zzz", model: "openai:gpt-4o" }), /line 2 was written by another configuration \(model openai:gpt-4o vs offline now\)/],
    ["other settings", line("a", { config_hash: "zzz" }), /line 1 was written by another configuration \(same protocol, rubric id and model: the rubric's content, the prompt version or --blind\/--temperature\/--samples differ\)/],
    ["no hash", `${JSON.stringify({ dialogue_id: "a", meta: {} })}\n`, /line 1 has no meta\.config_hash/],
    ["a repeated dialogue", line("a") + line("b") + line("a"), /line 3 repeats dialogue "a" \(first at line 1\)/],
    ["a line that is not JSON", `${line("a")}not json\n`, /line 2 is not a JSON result line/],
    ["a line without dialogue_id", `${JSON.stringify({ meta: { config_hash: "abc" } })}\n`, /line 1 has no dialogue_id/],
  ])("%s is an error naming the line", async (_name, text, message) => {
    await expect(scanResults(file("bad.jsonl", text), EXPECTED)).rejects.toMatchObject({ name: "ConfigError", message: expect.stringMatching(message) });
  });
});

describe("evaluateFile with resumeFrom", () => {
  it("judges only the dialogues the file lacks, and appends nothing twice", async () => {
    const all = writeDialogues(dir, "all.jsonl", 10);
    const out = join(dir, "results.jsonl");
    const first = await runBatch(writeDialogues(dir, "some.jsonl", 4), "panel", { configurable: { model: "offline" } });
    writeFileSync(out, first.raw.join(""));
    const second = await runBatch(all, "panel", { configurable: { model: "offline" }, resumeFrom: out });
    expect(second.summary).toMatchObject({ inputs: 10, skipped: 4, total: 6, judged: 6 });
    expect(second.lines.map((l) => l.dialogue_id).sort()).toEqual(["d0004", "d0005", "d0006", "d0007", "d0008", "d0009"]);
    appendFileSync(out, second.raw.join(""));
    const third = await runBatch(all, "panel", { configurable: { model: "offline" }, resumeFrom: out });
    expect(third.summary).toMatchObject({ skipped: 10, total: 0, judged: 0 });
  });

  it("refuses a file written with other settings (--blind), naming the line", async () => {
    const input = writeDialogues(dir, "blind.jsonl", 2);
    const out = join(dir, "blind-results.jsonl");
    writeFileSync(out, (await runBatch(input, "panel", { configurable: { model: "offline" } })).raw.join(""));
    await expect(runBatch(input, "panel", { configurable: { model: "offline", blind: true }, resumeFrom: out })).rejects.toThrow(/line 1 was written by another configuration/);
    // Operational settings are not part of the configuration.
    const same = await runBatch(input, "panel", { concurrency: 1, configurable: { model: "offline", timeoutMs: 5, maxRetries: 0, onFailure: "unscored" }, resumeFrom: out });
    expect(same.summary.skipped).toBe(2);
  });
});

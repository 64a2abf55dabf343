import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatDuration, LineProgress, progressLine } from "../../cli/progress.js";
import type { BatchProgress } from "../../runs/evaluate-batch.js";
import { JsonlFile } from "../../runs/jsonl-out.js";
import { emptySummary, formatSummary } from "../../runs/summary.js";

const dir = mkdtempSync(join(tmpdir(), "tribunal-summary-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("formatSummary", () => {
  it("one line: counts, invalid outputs and retries by kind, tokens, cost, then what applies", () => {
    const s = emptySummary(500, 100);
    Object.assign(s, {
      judged: 400,
      scored: 390,
      unscored: 10,
      withFallback: 12,
      wallMs: 63_240,
      invalidOutputs: { out_of_scale: 2, malformed_json: 3 },
      retries: { rate_limited: 40, timeout: 3 },
      fallbacks: { server_error: 12 },
      unscoredKinds: { invalid_output: 10 },
      tokens: { input: 1_100_000, output: 90_000, total: 1_190_000 },
      costUsd: 0.2193,
      injectionFlagged: 2,
    });
    expect(formatSummary(s, "out.jsonl")).toBe(
      "tribunal: 390/400 scored, 12 with offline fallback, 10 unscored in 63.2 s → out.jsonl · invalid outputs: malformed_json 3, out_of_scale 2 · retries: rate_limited 40, timeout 3 · tokens 1.19M (in 1.10M, out 90k) · cost $0.2193 · fallbacks: server_error 12 · 12 of 390 scored dialogues fell back to the offline judge for some agent, not the requested model (meta.scored_by names who scored each line) · unscored: invalid_output 10 · 2 with prompt-injection warnings · resumed: 100 already done",
    );
    expect(formatSummary({ ...emptySummary(3, 0), scored: 3, judged: 3, costUsd: null }).endsWith("cost unknown")).toBe(true);
  });
});

const progress = (done: number, elapsedMs: number, total = 100): BatchProgress => ({ done, total, skipped: 0, scored: done, withFallback: 0, unscored: 0, tokens: done * 1500, costUsd: done * 0.001, elapsedMs });

describe("progress", () => {
  it("a plain line: done/total, percent, rate, ETA, tokens, cost", () => {
    expect(progressLine(progress(24, 8_000))).toBe("tribunal: 24/100 (24 %) · 3.0 dialogues/s · ETA 25s · tokens 36k · cost $0.0240");
    expect(formatDuration(123)).toBe("2m 03s");
    expect(formatDuration(7_380)).toBe("2h 03m");
  });

  it("lines: none in the first interval, then at 5 % steps (at most one a second) and at least every interval", () => {
    const out: string[] = [];
    const p = new LineProgress((l) => out.push(l), 10_000);
    for (let done = 1; done <= 30; done++) p.update(progress(done, done * 300));
    // Runs shorter than the interval print nothing.
    expect(out).toEqual([]);
    p.update(progress(34, 10_200)); // first line after 10 s
    p.update(progress(35, 10_500)); // same 5 % step
    p.update(progress(40, 11_000)); // new step, but within a second of the last line
    p.update(progress(41, 11_300)); // new step (40 %), a second later
    p.update(progress(42, 21_400)); // heartbeat: 10 s since the last line
    p.update(progress(100, 30_000)); // the end is the summary's job
    expect(out.map((l) => l.split(" ")[1])).toEqual(["34/100", "41/100", "42/100"]);
    expect(out.every((l) => l.endsWith("\n"))).toBe(true);
  });
});

describe("JsonlFile", () => {
  it("creates the file at the first line, appends or truncates, one line per write", () => {
    const path = join(dir, "out.jsonl");
    const file = new JsonlFile(path, "truncate");
    file.close();
    expect(() => readFileSync(path)).toThrow(/ENOENT/);
    const a = new JsonlFile(path, "truncate");
    a.write('{"a":1}\n');
    a.write('{"a":2}\n');
    a.close();
    const b = new JsonlFile(path, "append");
    b.write('{"a":3}\n');
    b.close();
    expect(readFileSync(path, "utf8")).toBe('{"a":1}\n{"a":2}\n{"a":3}\n');
    expect(() => new JsonlFile(join(dir, "missing", "x.jsonl"), "truncate").write("x\n")).toThrow(/^cannot write --out .*missing\/x\.jsonl: ENOENT/);
  });
});

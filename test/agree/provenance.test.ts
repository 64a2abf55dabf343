/**
 * `tribunal agree` and `tribunal report` refuse a labels file whose dialogues are not the ones the
 * results were judged on (meta.source.dialogue_hash), and accept older lines without meta.source with
 * a warning. Runs the program in this process.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agreePairs } from "../../agreement/pairs.js";
import { dialogueHash } from "../../dialogues/hash.js";
import { jsonl, ussDialogue } from "./helpers.js";
import { runInProcess, stderrLines } from "./run-cli.js";

const LABELS = "test/agree/fixtures/labelled-uss.tsv";
const dir = mkdtempSync(join(tmpdir(), "tribunal-provenance-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const results = join(dir, "results.jsonl");
const path = (name: string) => join(dir, name);

beforeAll(async () => {
  const run = await runInProcess(["evaluate", LABELS, "--out", results, "--progress", "none"]);
  expect(run.code, run.stderr).toBe(0);
});

/** The labels with one utterance of dialogue 1 (the taxi session, 0-based) changed. */
function alteredLabels(): string {
  const file = path("altered.tsv");
  writeFileSync(file, readFileSync(LABELS, "utf8").replace("I need a taxi to the station.", "I need a taxi to the airport."));
  return file;
}

/** The results as written before meta.source existed. */
function olderResults(): string {
  const lines = readFileSync(results, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { meta: Record<string, unknown> });
  for (const line of lines) delete line.meta["source"];
  const file = path("older.jsonl");
  writeFileSync(file, jsonl(lines));
  return file;
}

describe("tribunal agree --labels", () => {
  it("records where each line came from: the file as given and its dialogue's hash", () => {
    const first = JSON.parse(readFileSync(results, "utf8").split("\n")[0] as string) as { meta: { source: unknown } };
    expect(first.meta.source).toEqual({ file: LABELS, dialogue_hash: expect.stringMatching(/^[0-9a-f]{16}$/) });
  });

  it("refuses labels holding another dialogue under a result's id, naming the id and where each came from", async () => {
    const labels = alteredLabels();
    const run = await runInProcess(["agree", results, "--labels", labels]);
    expect(run.code).toBe(2);
    // The taxi session is dialogue 1, on line 2 of the results and starting on line 7 of the labels.
    expect(stderrLines(run)).toEqual([
      expect.stringMatching(
        new RegExp(`^tribunal: ${results}:2: dialogue 1 was judged from ${LABELS} \\(dialogue_hash [0-9a-f]{16}\\), but ${labels}:7 holds a different dialogue under that id \\(dialogue_hash [0-9a-f]{16}\\); pass the labels file the results were judged from$`),
      ),
    ]);
  });

  it("accepts the labels the results were judged from, and older lines without meta.source with a warning", async () => {
    const same = await runInProcess(["agree", results, "--labels", LABELS, "--resamples", "50"]);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stderr).toBe("");
    const older = olderResults();
    const run = await runInProcess(["agree", older, "--labels", alteredLabels(), "--resamples", "50"]);
    expect(run.code, run.stderr).toBe(0);
    expect(stderrLines(run)).toEqual([
      `tribunal: warning: ${older}: 8 of 8 result lines have no meta.source (written before it was recorded), so whether ${path("altered.tsv")} holds the dialogues they judged was not checked`,
    ]);
  });
});

describe("tribunal report --labels", () => {
  it("refuses mismatched labels and warns about older lines", async () => {
    const refused = await runInProcess(["report", results, "--labels", alteredLabels(), "-o", path("r1.html")]);
    expect(refused.code).toBe(2);
    expect(stderrLines(refused)).toEqual([expect.stringMatching(/^tribunal: .*results\.jsonl:2: dialogue 1 was judged from /)]);
    const older = olderResults();
    const warned = await runInProcess(["report", older, "--labels", LABELS, "-o", path("r2.html"), "--resamples", "50"]);
    expect(warned.code, warned.stderr).toBe(0);
    expect(stderrLines(warned)[0]).toBe(`tribunal: warning: ${older}: 8 of 8 result lines have no meta.source (written before it was recorded), so whether ${LABELS} holds the dialogues they judged was not checked`);
  });
});

describe("agreePairs", () => {
  it("checks a pair's hash against both labelled sides, A's turns then B's", async () => {
    const labels = path("pair-labels.tsv");
    writeFileSync(labels, [ussDialogue("one", [5, 5]), ussDialogue("two", [2, 2])].join("\n\n"));
    const turns = (text: string) => [
      { speaker: "assistant" as const, text: "Hello, how can I help?" },
      { speaker: "user" as const, text },
      { speaker: "assistant" as const, text: "Sure." },
    ];
    const line = (hash: string) => ({ dialogue_id: "p", pair: { a: 0, b: 1 }, winner: "A", position_consistent: true, criteria: [], meta: { protocol: "pairwise", status: "scored", source: { file: "pairs.jsonl", dialogue_hash: hash } } });
    const good = path("pairs-good.jsonl");
    writeFileSync(good, jsonl([line(dialogueHash({ turns: [...turns("one"), ...turns("two")] }))]));
    const warnings: string[] = [];
    const report = await agreePairs(good, labels, { resamples: 10, onWarning: (w) => warnings.push(w) });
    expect(report.counts.joined).toBe(1);
    expect(warnings).toEqual([]);
    const swapped = path("pairs-swapped.jsonl");
    writeFileSync(swapped, jsonl([line(dialogueHash({ turns: [...turns("two"), ...turns("one")] }))]));
    await expect(agreePairs(swapped, labels, { resamples: 10 })).rejects.toThrow(`${swapped}:1: dialogue "p" was judged from pairs.jsonl`);
  });
});

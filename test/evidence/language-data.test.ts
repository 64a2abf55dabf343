/**
 * No false positives on real English data: the first 300 CCPE dialogues and the MultiWOZ ones of the
 * USS data, judged offline, get no non-English warning. Needs TRIBUNAL_DATA_DIR (the folder holding
 * uss/CCPE.txt and uss/MWOZ.txt), as test/cli/ccpe-data.test.ts does; without it this test fails.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseDialogues } from "../../dialogues/index.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { nonEnglishLanguage } from "../../evidence/language.js";
import { evaluateMany, type JudgeResult } from "../../index.js";
import { isLanguageWarning } from "./language-helpers.js";

function ussFile(name: string): string {
  const dataDir = process.env["TRIBUNAL_DATA_DIR"];
  if (!dataDir) {
    throw new Error(
      "TRIBUNAL_DATA_DIR is not set: CI must set TRIBUNAL_DATA_DIR to the data folder holding uss/CCPE.txt and uss/MWOZ.txt " +
        "(e.g. TRIBUNAL_DATA_DIR=/work/shared/data npx vitest run test/evidence)",
    );
  }
  return join(dataDir, "uss", name);
}

const read = (name: string): Dialogue[] => parseDialogues(readFileSync(ussFile(name), "utf8"), name);

describe("the non-English check on English USS data (needs TRIBUNAL_DATA_DIR)", () => {
  // Its cost (0.03–0.1 ms a dialogue) is measured by `npm run bench` with the offline panel's speed, never in a timed test.
  it("flags none of the CCPE and MultiWOZ dialogues", () => {
    const dialogues = [...read("CCPE.txt"), ...read("MWOZ.txt")];
    expect(dialogues.length).toBeGreaterThanOrEqual(1500);
    const flagged = dialogues.filter((d) => nonEnglishLanguage(d) !== undefined).map((d) => d.id);
    expect(flagged).toEqual([]);
  });

  it("writes no non-English warning on the first 300 CCPE and the first 100 MultiWOZ dialogues judged offline", async () => {
    const dialogues = [...read("CCPE.txt").slice(0, 300), ...read("MWOZ.txt").slice(0, 100)];
    const warnings: string[] = [];
    let lines = 0;
    for await (const line of evaluateMany(dialogues, { rubric: "ccpe-strict", concurrency: 8 }) as AsyncIterable<JudgeResult>) {
      lines++;
      warnings.push(...line.meta.warnings.filter(isLanguageWarning));
    }
    expect(lines).toBe(400);
    expect(warnings).toEqual([]);
  }, 120_000);
});

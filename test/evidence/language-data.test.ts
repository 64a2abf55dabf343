/**
 * No false positives on real English data: the first 300 CCPE dialogues and the MultiWOZ ones of the
 * USS data, judged offline, get no non-English warning. Needs the USS data (TRIBUNAL_DATA_DIR,
 * else ../shared/data beside the checkout), as test/cli/ccpe-data.test.ts does; without it this test fails.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseDialogues } from "../../dialogues/index.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { nonEnglishLanguage } from "../../evidence/language.js";
import { evaluateMany, type JudgeResult } from "../../index.js";
import { ussFile } from "../support/uss-data.js";
import { isLanguageWarning } from "./language-helpers.js";

const read = (name: string): Dialogue[] => parseDialogues(readFileSync(ussFile(name), "utf8"), name);

describe("the non-English check on English USS data (needs the USS data)", () => {
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

/**
 * `tribunal agree` refuses results scored without --blind by a rubric rule that reads the human
 * ratings (ccpe-strict's cap_when_human_overall_below): hand-made result lines, the audit records the
 * score step really writes, and the CLI's one line with exit code 2.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { agree } from "../../agreement/index.js";
import { isAgreementInputError, isLabelReadingResultsError, LabelReadingResultsError } from "../../agreement/errors.js";
import { describeLines, labelReadingRules, refuseLabelReadingResults } from "../../agreement/label-rules.js";
import { parseResults } from "../../agreement/read-results.js";
import { parseDialogues } from "../../dialogues/read.js";
import { builtInRubric } from "../../rubrics/load.js";
import { applyCaps, type RuleFiring } from "../../scoring/rules.js";
import { jsonl, panelLine, unscoredLine, ussDialogue } from "./helpers.js";
import { runInProcess, stderrLines } from "./run-cli.js";

const RULE = "cap_when_human_overall_below";
const FIRED: RuleFiring = { rule: RULE, criterion: "TaskSuccess", fired: true, detail: "human OVERALL average 2.33 < 3; TaskSuccess capped 80 → 60" };
const NOT_FIRED: RuleFiring = { rule: RULE, criterion: "TaskSuccess", fired: false, detail: "human OVERALL average 3.67 ≥ 3; TaskSuccess not capped" };
const NO_RATINGS: RuleFiring = { rule: RULE, criterion: "TaskSuccess", fired: false, detail: "no human OVERALL ratings in the transcript" };
const BLIND: RuleFiring = { rule: RULE, criterion: "TaskSuccess", fired: false, detail: "disabled by --blind (reads human ratings)" };
const DEDUCT: RuleFiring = { rule: "deduct_when_any_criterion_below", fired: true, detail: "Empathy 40 < 60: 68.00 − 10 = 58.00" };
const EMOTION: RuleFiring = { rule: "cap_when_no_emotional_content", criterion: "Empathy", fired: true, detail: "no emotional content detected in the user's turns; Empathy 80 capped → 60" };

/** A ccpe-strict panel line whose audit records these rule firings. */
function strictLine(id: number, average: number, rules: readonly RuleFiring[]): Record<string, unknown> {
  const line = panelLine(id, average, 60);
  return { ...line, audit: { rules }, meta: { ...(line["meta"] as object), rubric: "ccpe-strict" } };
}

const parse = (lines: readonly Record<string, unknown>[]) => parseResults(jsonl(lines), "r.jsonl");

describe("labelReadingRules", () => {
  it("counts a label-reading rule that ran without --blind, whether it fired or not", () => {
    const found = labelReadingRules(parse([strictLine(0, 50, [FIRED, DEDUCT]), strictLine(1, 70, [NOT_FIRED, EMOTION]), strictLine(2, 60, [NO_RATINGS])]));
    expect(found).toEqual([{ rule: RULE, criterion: "TaskSuccess", lines: [1, 2, 3], fired: 1 }]);
  });

  it("passes lines where --blind disabled it, lines without an audit, other rules and unscored lines", () => {
    const lines = [strictLine(0, 50, [BLIND, DEDUCT]), panelLine(1, 70, 60), strictLine(2, 60, [DEDUCT, EMOTION]), strictLine(3, 60, []), unscoredLine(4)];
    expect(labelReadingRules(parse(lines))).toEqual([]);
    expect(() => refuseLabelReadingResults(parse(lines), "r.jsonl")).not.toThrow();
  });

  it("counts only the non-blind lines of a mixed file", () => {
    const found = labelReadingRules(parse([strictLine(0, 50, [BLIND]), strictLine(1, 70, [NOT_FIRED]), strictLine(2, 60, [BLIND]), strictLine(3, 60, [FIRED])]));
    expect(found).toEqual([{ rule: RULE, criterion: "TaskSuccess", lines: [2, 4], fired: 1 }]);
  });

  it("reads the records the score step writes, with and without --blind", () => {
    const rubric = builtInRubric("ccpe-strict");
    if (!rubric) throw new Error("ccpe-strict is built in");
    const low = parseDialogues(ussDialogue("That was useless.", [2, 2, 3]), "low.txt")[0];
    const high = parseDialogues(ussDialogue("Thanks, great.", [4, 5, 4]), "high.txt")[0];
    if (!low || !high) throw new Error("fixture dialogues");
    const scores = { TaskSuccess: 80, Helpfulness: 80, Accuracy: 80, Understanding: 80, Empathy: 80, Fluency: 80 };
    const firings = (dialogue: typeof low, blind: boolean) => applyCaps(scores, rubric.rules, { dialogue, blind }).firings;
    const seen = parse([strictLine(0, 70, firings(low, false)), strictLine(1, 80, firings(high, false))]);
    expect(labelReadingRules(seen)).toEqual([{ rule: RULE, criterion: "TaskSuccess", lines: [1, 2], fired: 1 }]);
    const blind = parse([strictLine(0, 70, firings(low, true)), strictLine(1, 80, firings(high, true))]);
    expect(labelReadingRules(blind)).toEqual([]);
  });
});

describe("describeLines", () => {
  it("writes line numbers as ranges, at most four", () => {
    expect(describeLines([1])).toBe("1");
    expect(describeLines([1, 2, 3, 4])).toBe("1–4");
    expect(describeLines([2, 5, 6, 7, 9])).toBe("2, 5–7, 9");
    expect(describeLines([1, 3, 5, 7, 9, 10])).toBe("1, 3, 5, 7, …");
  });
});

const dir = mkdtempSync(join(tmpdir(), "tribunal-agree-blind-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe("agree on label-reading results", () => {
  const labels = write("labels.txt", [ussDialogue("a", [2, 2, 3]), ussDialogue("b", [4, 4, 5]), ussDialogue("c", [3, 3, 4]), ussDialogue("d", [1, 2, 2])].join("\n\n"));
  const message = (file: string, count: number, lines: string, fired: number) =>
    `${file}: ${count} of 4 result lines were scored without --blind by ${RULE} (TaskSuccess; lines ${lines}, fired on ${fired}), a rule that reads the human ratings agree compares the judge with: the agreement would be inflated; rerun tribunal evaluate with --blind`;

  it("the library throws a LabelReadingResultsError, an AgreementInputError, naming rule, lines and fix", async () => {
    const results = write("seen.jsonl", jsonl([strictLine(0, 50, [FIRED]), strictLine(1, 90, [NOT_FIRED]), strictLine(2, 70, [NOT_FIRED]), strictLine(3, 30, [FIRED])]));
    const error = await agree(results, labels, { resamples: 20 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LabelReadingResultsError);
    expect(isAgreementInputError(error)).toBe(true);
    expect(isLabelReadingResultsError(error)).toBe(true);
    expect((error as LabelReadingResultsError).code).toBe("TRIBUNAL_LABEL_READING_RESULTS");
    expect((error as LabelReadingResultsError).rules).toEqual([{ rule: RULE, criterion: "TaskSuccess", lines: [1, 2, 3, 4], fired: 2 }]);
    expect((error as Error).message).toBe(message(results, 4, "1–4", 2));
  });

  it("the CLI prints one line and exits 2, also when the rule never fired", async () => {
    const results = write("never-fired.jsonl", jsonl([strictLine(0, 50, [BLIND]), strictLine(1, 90, [NOT_FIRED]), strictLine(2, 70, [BLIND]), strictLine(3, 30, [NOT_FIRED])]));
    const run = await runInProcess(["agree", results, "--labels", labels]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(stderrLines(run)).toEqual([`tribunal: ${message(results, 2, "2, 4", 0)}`]);
  });

  it("runs on the same lines scored with --blind", async () => {
    const results = write("blind.jsonl", jsonl([strictLine(0, 50, [BLIND, DEDUCT]), strictLine(1, 90, [BLIND]), strictLine(2, 70, [BLIND]), strictLine(3, 30, [BLIND, DEDUCT])]));
    const run = await runInProcess(["agree", results, "--labels", labels, "--json", "--resamples", "20"]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).counts.joined).toBe(4);
  });
});

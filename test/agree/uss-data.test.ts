/**
 * Agreement on the real USS development files, from TRIBUNAL_DATA_DIR or else ../shared/data beside
 * the checkout (test/support/uss-data.ts); without them these tests fail rather than skip.
 *
 * The data README says one rater agrees with the mean of the others at about 0.29 (CCPE) and 0.27
 * (MWOZ). Reproduced in Python (scipy.stats.spearmanr) with three readings of "averaged over raters":
 *   CCPE: weighted by dialogues per position 0.300726, unweighted 0.275271, pooled pairs 0.292509;
 *   MWOZ: weighted 0.272099, unweighted 0.346568 (a 6th rater on 7 dialogues has ρ 0.78), pooled 0.266791.
 * The README's figures are the pooled ones; the report's headline (weighted) is within 0.01 of them.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { oneMoreAnnotator } from "../../agreement/one-more.js";
import { parseDialogues } from "../../dialogues/read.js";
import { ussFile } from "../support/uss-data.js";
import { runInProcess } from "./run-cli.js";


const tmp = mkdtempSync(join(tmpdir(), "tribunal-agree-uss-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The human side of "one more annotator" on a whole file; the judge is a stand-in (the number of turns). */
function humansOnly(file: string) {
  const dialogues = parseDialogues(readFileSync(ussFile(file), "utf8"), file);
  return oneMoreAnnotator(
    dialogues.map((d) => d.turns.length),
    dialogues.map((d) => d.overallRatings ?? []),
  );
}

describe("agreement on the USS data (needs the USS data)", () => {
  it("reproduces the README's human-vs-others figures on the whole of CCPE and MWOZ", () => {
    const ccpe = humansOnly("CCPE.txt");
    expect(ccpe.positions.map((p) => p.n)).toEqual([500, 500, 500, 219, 29]);
    expect(ccpe.human).toBeCloseTo(0.3007263748367817, 10);
    expect(ccpe.humanUnweighted).toBeCloseTo(0.27527054418679475, 10);
    expect(ccpe.humanPooled).toBeCloseTo(0.292509164085921, 10);
    const mwoz = humansOnly("MWOZ.txt");
    expect(mwoz.positions.map((p) => p.n)).toEqual([1000, 1000, 1000, 425, 56, 7]);
    expect(mwoz.human).toBeCloseTo(0.27209918338756506, 10);
    expect(mwoz.humanUnweighted).toBeCloseTo(0.34656817385013633, 10);
    expect(mwoz.humanPooled).toBeCloseTo(0.266791015563966, 10);
    // README: "about 0.29 (CCPE) and 0.27 (MWOZ)".
    expect(Math.abs((ccpe.human as number) - 0.29)).toBeLessThan(0.015);
    expect(Math.abs((mwoz.human as number) - 0.27)).toBeLessThan(0.015);
  });

  it("evaluate + agree on the first 100 CCPE dialogues: the human-vs-others ρ is where it should be", async () => {
    const sessions = readFileSync(ussFile("CCPE.txt"), "utf8").split(/\r?\n[ \t]*\r?\n/).filter((s) => s.trim() !== "");
    const labels = join(tmp, "ccpe-100.txt");
    writeFileSync(labels, `${sessions.slice(0, 100).join("\n\n")}\n`);
    const results = join(tmp, "ccpe-100.jsonl");
    const evaluate = await runInProcess(["evaluate", labels, "--out", results, "--concurrency", "8"]);
    expect(evaluate.code, evaluate.stderr).toBe(0);
    const agree = await runInProcess(["agree", results, "--labels", labels, "--json", "--resamples", "200"]);
    expect(agree.code, agree.stderr).toBe(0);
    const report = JSON.parse(agree.stdout);
    expect(report.counts.joined).toBe(100);
    // scipy on the first 100 CCPE dialogues: ρ(rater k, mean of the others) per position.
    const positions = report.oneMoreAnnotator.positions as { n: number; human: number }[];
    expect(positions.map((p) => p.n)).toEqual([100, 100, 100, 47, 9]);
    const expected = [0.26363842220057965, 0.2686756064197355, 0.24936744370444047, 0.15795745363301344, 0.4917075510803894];
    positions.forEach((p, k) => expect(p.human).toBeCloseTo(expected[k] as number, 10));
    // Weighted mean over the 5 positions 0.252858 (0.246663 if the judge is constant on the 9 dialogues
    // of rater 5, which then leaves that position out of both sides); the whole file gives 0.30.
    const human = report.oneMoreAnnotator.human.value as number;
    expect([0.252858, 0.246663].some((v) => Math.abs(human - v) < 1e-5), `human ρ ${human}`).toBe(true);
    expect(report.oneMoreAnnotator.human.low).toBeLessThan(human);
    // The verdict follows from the two means it reports.
    expect(report.verdict.judgeAtLeastOneHuman).toBe((report.oneMoreAnnotator.judge.value as number) >= human);
  });
});

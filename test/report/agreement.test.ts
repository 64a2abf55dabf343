import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseResults } from "../../agreement/read-results.js";
import { parseDialogues } from "../../dialogues/read.js";
import { evaluateMany } from "../../index.js";
import { agreementSections } from "../../report/agreement.js";
import { collectReportData } from "../../report/data.js";
import { toReportLines } from "../../report/lines.js";
import { rubricResolver } from "../../report/rubrics.js";
import { jsonl, panelLine, ussDialogue } from "../agree/helpers.js";
import { C1, meta } from "./lines.js";
import { PAIRWISE_LINES } from "./pairwise-lines.js";

// Human means: 3 → bucket 60; 14/3 ≈ 4.67 → 93.3 → 80; 4/3 ≈ 1.33 → 26.7 → 20; 2 → 40.
const LABELS = [ussDialogue("a", [3, 3, 3]), ussDialogue("b", [5, 4, 5]), ussDialogue("c", [1, 2, 1]), ussDialogue("d", [2, 2, 2])].join("\n\n");
const dialogues = parseDialogues(LABELS, "labels.tsv");

function sections(lines: Record<string, unknown>[]) {
  const results = parseResults(jsonl(lines), "r.jsonl");
  const rubricOf = rubricResolver();
  return agreementSections({ results, lines: toReportLines(results, "r.jsonl", rubricOf), dialogues, files: { results: "r.jsonl", labels: "labels.tsv" }, rubricOf, resamples: 20 });
}

const consensus = (id: number, overall: number) => ({ ...C1, dialogue_id: id, overall_score: overall, meta: meta("consensus", { rubric: "customer-service-5" }) });

describe("report agreement sections", () => {
  it("panel: the bucketed overall against the human mean's bucket, with the scatter points", () => {
    const { sections: [panel], notes } = sections([panelLine(0, 66, 60), panelLine(1, 84, 80), panelLine(2, 44, 40), panelLine(3, 50, 40)]);
    expect(notes).toEqual([]);
    expect(panel?.protocol).toBe("panel");
    expect(panel?.scatter).toEqual({ field: "referee_final.numeric_weighted_average", ids: ["0", "1", "2", "3"], human: [3, 4.667, 1.333, 2], judge: [66, 84, 44, 50] });
    // Rows: judge 20/40/60/80/100; columns: human. (60,60), (80,80), (40,20), (40,40).
    expect(panel?.confusion).toMatchObject({
      labels: [20, 40, 60, 80, 100],
      matrix: [
        [0, 0, 0, 0, 0],
        [1, 1, 0, 0, 0],
        [0, 0, 1, 0, 0],
        [0, 0, 0, 1, 0],
        [0, 0, 0, 0, 0],
      ],
      exact: 3,
      withinOne: 4,
      n: 4,
      judgeField: "referee_final.OverallExperience",
    });
    expect(panel?.report.counts.joined).toBe(4);
  });

  it("consensus: no bucketed overall, so the 1–5 score is floored like the human mean; each protocol joins on its own", () => {
    const { sections: found } = sections([panelLine(0, 66, 60), consensus(0, 3.2), consensus(1, 4.99), consensus(2, 2.5), consensus(3, 1.9)]);
    expect(found.map((s) => s.protocol)).toEqual(["panel", "consensus"]);
    const c = found[1];
    // Judge floors: 3, 4, 2, 1; humans: 3, 4, 1, 2.
    expect(c?.confusion.labels).toEqual([1, 2, 3, 4, 5]);
    expect(c?.confusion.matrix).toEqual([
      [0, 1, 0, 0, 0],
      [1, 0, 0, 0, 0],
      [0, 0, 1, 0, 0],
      [0, 0, 0, 1, 0],
      [0, 0, 0, 0, 0],
    ]);
    expect([c?.confusion.exact, c?.confusion.withinOne]).toEqual([2, 4]);
    expect(c?.confusion.judgeField).toBe("overall_score floored to 1/2/3/4/5");
  });

  it("pairwise lines name pairs, not labelled dialogues: a note pointing to tribunal agree --pairs, the other protocols still joined", () => {
    const { sections: found, notes } = sections([panelLine(0, 66, 60), panelLine(1, 84, 80), ...PAIRWISE_LINES]);
    expect(found.map((s) => s.protocol)).toEqual(["panel"]);
    expect(found[0]?.report.counts.joined).toBe(2);
    expect(notes).toEqual(["pairwise: 5 lines compare two dialogues each, so they have no per-dialogue agreement figures; for accuracy against the human OVERALL ratings run tribunal agree r.jsonl --labels labels.tsv --pairs"]);
  });

  it("a protocol whose lines join no rated dialogue gets a note, not a section", () => {
    const unrated = parseDialogues(ussDialogue("x"), "l.tsv");
    const results = parseResults(jsonl([panelLine(0, 66, 60)]), "r.jsonl");
    const out = agreementSections({ results, lines: toReportLines(results, "r.jsonl"), dialogues: unrated, files: { results: "r.jsonl", labels: "l.tsv" }, rubricOf: () => undefined });
    expect(out.sections).toEqual([]);
    expect(out.notes).toEqual(["panel: no scored line joins a dialogue with human OVERALL ratings (0 unscored, 0 without a score, 1 without OVERALL)"]);
  });
});

describe("report agreement with results scored by a rule that read the labels", () => {
  it("leaves the agreement figures out and says why and how to fix it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tribunal-report-labels-"));
    try {
      const labels = join(dir, "labels.tsv");
      writeFileSync(labels, `${LABELS}\n`);
      const lines: string[] = [];
      for await (const line of evaluateMany(dialogues, { rubric: "ccpe-strict" })) lines.push(JSON.stringify(line));
      const results = join(dir, "results.jsonl");
      writeFileSync(results, `${lines.join("\n")}\n`);
      const data = await collectReportData(results, { labels, resamples: 20 });
      expect(data.agreement).toEqual([]);
      expect(data.agreementNotes).toEqual([expect.stringMatching(/^no agreement figures: .*results\.jsonl: 4 of 4 result lines were scored without --blind by cap_when_human_overall_below .*; rerun tribunal evaluate with --blind$/)]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

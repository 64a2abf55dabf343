/**
 * The report's dialogue panel and human column, through collectReportData on hand-made files: the
 * transcript with the quoted turns marked, where the text comes from (--dialogues, the labels, none),
 * the human ratings, and |judge − human| on the humans' 1–5 scale.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sortRows } from "../../report/client/filter.js";
import { collectReportData } from "../../report/data.js";
import type { ReportData, TranscriptView } from "../../report/model.js";
import { COACH, HOSTILE_TURN, HOTEL, jsonlOf, OTHER_TAXI, PANEL_TAXI, SINGLE_LINES, TAXI, W1, W1_A, W1_B, W1_PAIR } from "./dialogue-lines.js";
import { jsonl } from "./lines.js";

const dir = mkdtempSync(join(tmpdir(), "tribunal-report-dialogues-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const results = file("results.jsonl", jsonl(SINGLE_LINES));
const labelled = file("labelled.jsonl", jsonlOf([TAXI, HOTEL, COACH]));
const collect = (options: Parameters<typeof collectReportData>[1] = {}) => collectReportData(results, { resamples: 10, ...options });

/** Each turn as `index role [who quoted it]`. */
const marked = (t: TranscriptView | undefined) => t?.turns.map((u) => `${u.index} ${u.role} [${u.marks.map((m) => (m.kind === "turn" ? `${m.by} ${m.text}` : m.by)).join(", ")}]`);
const panelOf = (data: ReportData, id: string) => data.dialogues[data.rows.findIndex((r) => r.id === id)];

describe("report dialogue panel: the transcript beside the verdicts", () => {
  it("panel: every turn with its role; a quote sits on its recorded turn, else on the turn its text is in; a quote not found when judged on none", async () => {
    const data = await collect({ dialogues: labelled });
    expect(data.source.dialogues).toBe(labelled);
    const taxi = panelOf(data, "taxi");
    expect(taxi?.notes).toEqual([]);
    expect(taxi?.transcripts).toHaveLength(1);
    const t = taxi?.transcripts[0];
    expect(t?.label).toBe("Transcript");
    expect(t?.dialogueId).toBe("taxi");
    // Turn 3: recorded. Turn 2: no turn recorded, found by its text. Turn 1: recorded at 2, which does not hold it.
    expect(marked(t)).toEqual(["1 assistant [critic · Helpfulness]", "2 user [evaluator · Helpfulness]", "3 assistant [evaluator · TaskSuccess]", "4 user []"]);
    expect(t?.turns[3]?.text).toBe(HOSTILE_TURN);
    expect(t?.turns.map((u) => u.ratings)).toEqual([null, [3, 4, 3], null, [4, 4, 5]]);
    expect(t?.unplaced).toEqual([{ by: "evaluator · Empathy", kind: "quote", text: "so sorry" }]);
  });

  it("consensus and barem-like reasoning: the quoted spans are found in the transcript (a quote naming the user only in the user's turns)", async () => {
    const data = await collect({ dialogues: labelled });
    expect(marked(panelOf(data, "hotel")?.transcripts[0])).toEqual(["1 user []", "2 assistant [strict · TaskSuccess]", "3 user [generous · TaskSuccess]"]);
  });

  it("checklist: a cited Turn N marks both utterances of that --- Turn N --- block, its quote the utterance it is in; a turn the dialogue lacks is on none", async () => {
    const data = await collect({ dialogues: labelled });
    const t = panelOf(data, "coach")?.transcripts[0];
    expect(marked(t)).toEqual(["1 user []", "2 assistant [assessor · CQ1]", "3 user [assessor · CQ1 Turn 2]", "4 assistant [assessor · CQ1 Turn 2]"]);
    expect(t?.turns[1]?.marks).toEqual([{ by: "assessor · CQ1", kind: "quote", text: "That sounds hard" }]);
    expect(t?.unplaced).toEqual([{ by: "assessor · CQ8", kind: "turn", text: "Turn 7" }]);
  });

  it("without --dialogues the labels file gives the text; without either there is no transcript and the source says so", async () => {
    const fromLabels = await collect({ labels: labelled });
    expect(fromLabels.source).toEqual({ results, labels: labelled, dialogues: labelled });
    expect(marked(panelOf(fromLabels, "taxi")?.transcripts[0])).toHaveLength(4);

    const bare = await collect();
    expect(bare.source.dialogues).toBeNull();
    expect(bare.dialogues).toEqual(SINGLE_LINES.map(() => ({ transcripts: [], human: null, notes: [] })));
  });

  it("a dialogue that is not in the file, and a file whose text does not hold the quotes the judge found, are said in the panel", async () => {
    const other = file("other.jsonl", jsonlOf([OTHER_TAXI]));
    const data = await collect({ dialogues: other });
    // Recorded as found when judged: TaskSuccess, Helpfulness and the critic's quote (Empathy's was not found then).
    expect(panelOf(data, "taxi")?.notes).toEqual([`3 quotes found in the dialogue when it was judged are not in this transcript: ${other} may not be the file these results were produced from`]);
    expect(panelOf(data, "hotel")).toEqual({ transcripts: [], human: null, notes: [`dialogue hotel is not in ${other}`] });
  });

  it("a bad --dialogues file is a DialogueParseError naming the file", async () => {
    await expect(collect({ dialogues: join(dir, "missing.jsonl") })).rejects.toMatchObject({ name: "DialogueParseError", message: expect.stringContaining(`${join(dir, "missing.jsonl")}:0: expected an existing readable file`) });
  });
});

describe("report dialogue panel: a pair", () => {
  const pairResults = file("pairs-results.jsonl", jsonl([W1]));

  it("reads a pairs file with the pairwise reader: A's and B's transcripts, each with its own side's quotes", async () => {
    const pairs = file("pairs.jsonl", jsonlOf([W1_PAIR]));
    const data = await collectReportData(pairResults, { dialogues: pairs });
    const [a, b] = data.dialogues[0]?.transcripts ?? [];
    expect([a?.label, a?.dialogueId, b?.label, b?.dialogueId]).toEqual(["A", "w1-a", "B", "w1-b"]);
    expect(marked(a)).toEqual(["1 user [judge · TaskSuccess, judge · Empathy]", "2 assistant []"]);
    expect(marked(b)).toEqual(["1 user [judge · TaskSuccess]", "2 assistant []"]);
    expect(b?.unplaced).toEqual([{ by: "judge · Empathy", kind: "quote", text: "made up" }]);
  });

  it("finds each side by its id in a dialogues file, and with labels shows both sides' human ratings but no gap", async () => {
    const sides = file("sides.jsonl", jsonlOf([W1_A, W1_B]));
    const data = await collectReportData(pairResults, { labels: sides });
    expect(data.dialogues[0]?.transcripts.map((t) => `${t.label} ${t.dialogueId}`)).toEqual(["A w1-a", "B w1-b"]);
    expect(data.dialogues[0]?.human).toEqual({
      rated: [
        { label: "A w1-a", ratings: [5, 4, 5], mean: 4.667 },
        { label: "B w1-b", ratings: [2, 2, 2], mean: 2 },
      ],
      judge: null,
    });
    expect([data.rows[0]?.human, data.rows[0]?.gap]).toEqual([null, null]);
    expect(data.gapRule).toBeNull();
  });

  it("--dialogues may be the dialogues file the pairs were made from: each side found by its id", async () => {
    const sides = file("sides-only.jsonl", jsonlOf([W1_A, W1_B]));
    const data = await collectReportData(pairResults, { dialogues: sides });
    expect(data.dialogues[0]?.transcripts.map((t) => `${t.label} ${t.dialogueId}`)).toEqual(["A w1-a", "B w1-b"]);
  });

  it("a file that is neither pairs nor dialogues: the pairs reader's error", async () => {
    const bad = file("bad-pairs.jsonl", "not json\n");
    await expect(collectReportData(pairResults, { dialogues: bad })).rejects.toMatchObject({ name: "DialogueParseError", message: expect.stringMatching(/bad-pairs\.jsonl:1: expected valid JSON: a pair \{id\?, a, b\}/) });
  });

  it("a side missing from the file is said in the panel", async () => {
    const onlyA = file("only-a.jsonl", jsonlOf([W1_A]));
    const data = await collectReportData(pairResults, { dialogues: onlyA });
    expect(data.dialogues[0]?.transcripts.map((t) => t.label)).toEqual(["A"]);
    expect(data.dialogues[0]?.notes).toEqual([`side B (w1-b) is not in ${onlyA}`]);
  });
});

describe("report human rating and |judge − human|", () => {
  it("maps each judge onto 1–5 and takes the gap to the human mean; sorting by it puts the largest disagreement first", async () => {
    const data = await collect({ labels: labelled });
    // panel 66 on 20–100 → 1 + 46/80 · 4 = 3.3 vs 13/3 → 4.333: 1.033
    // consensus 4.5 on 1–5 as is vs 7/3 → 2.333: 2.167
    // checklist 0.75 on 0–1 → 1 + 0.75 · 4 = 4 vs 1: 3
    expect(data.rows.map((r) => [r.id, r.human, r.gap])).toEqual([
      ["taxi", 4.333, 1.033],
      ["hotel", 2.333, 2.167],
      ["coach", 1, 3],
    ]);
    expect(panelOf(data, "taxi")?.human).toEqual({
      rated: [{ label: "human OVERALL", ratings: [4, 4, 5], mean: 4.333 }],
      judge: { field: "referee_final.numeric_weighted_average", value: 66, onHumanScale: 3.3, gap: 1.033 },
    });
    expect(sortRows([0, 1, 2], data.rows, "gap", -1)).toEqual([2, 1, 0]);
    expect(sortRows([0, 1, 2], data.rows, "human", 1)).toEqual([2, 1, 0]);
    expect(data.gapRule).toBe(
      "|judge − human| is taken on the humans' 1–5 scale: the mean human OVERALL rating against the judge's continuous score mapped linearly onto 1–5 (panel referee_final.numeric_weighted_average 20–100 → 1–5; consensus overall_score is already on 1–5; checklist score 0–1 → 1–5), the mapping Krippendorff's α uses to add the judge as a rater. 0 means the same rating; 4, opposite ends of the scale.",
    );
  });

  it("an unscored line shows the human rating without a gap", async () => {
    const unscored = { dialogue_id: "taxi", status: "unscored", error: { agent: "evaluator", kind: "timeout", message: "t" }, meta: { ...(PANEL_TAXI["meta"] as object), status: "unscored" } };
    const data = await collectReportData(file("unscored.jsonl", jsonl([unscored])), { labels: labelled, resamples: 10 });
    expect([data.rows[0]?.human, data.rows[0]?.gap]).toEqual([4.333, null]);
    expect(data.dialogues[0]?.human).toEqual({ rated: [{ label: "human OVERALL", ratings: [4, 4, 5], mean: 4.333 }], judge: null });
  });
});

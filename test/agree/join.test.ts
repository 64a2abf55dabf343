import { describe, expect, it } from "vitest";
import { isAgreementInputError } from "../../agreement/errors.js";
import { joinResults } from "../../agreement/join.js";
import { parseResults } from "../../agreement/read-results.js";
import { parseDialogues } from "../../dialogues/read.js";
import { jsonl, panelLine, unscoredLine, ussDialogue } from "./helpers.js";

const LABELS = [ussDialogue("I want pizza.", [4, 5, 3]), ussDialogue("Book a taxi.", [1, 2]), ussDialogue("Nothing rated."), ussDialogue("Thanks.", [5, 5, 4, 4])].join("\n\n");
const dialogues = parseDialogues(LABELS, "labels.tsv");

function join(lines: Record<string, unknown>[]) {
  return joinResults(parseResults(jsonl(lines), "results.jsonl"), dialogues, "labels.tsv", "results.jsonl");
}

function thrown(f: () => unknown): Error {
  try {
    f();
  } catch (e) {
    return e as Error;
  }
  throw new Error("expected an error");
}

describe("joining results to labels", () => {
  it("joins by dialogue_id (the 0-based position for USS) and keeps the OVERALL ratings in file order", () => {
    const joined = join([panelLine(3, 90, 80), panelLine(0, 70, 60)]);
    expect(joined.items.map((i) => [i.dialogueId, i.ratings, i.judge.continuous, i.judge.bucketed])).toEqual([
      [3, [5, 5, 4, 4], 90, 80],
      [0, [4, 5, 3], 70, 60],
    ]);
    expect(joined.counts).toEqual({ resultLines: 2, unscored: 0, withoutScore: 0, labelDialogues: 4, withoutResult: 2, withoutHumanOverall: 0, joined: 2 });
  });

  it("counts and skips unscored lines and dialogues without OVERALL", () => {
    const joined = join([panelLine(0, 70, 60), unscoredLine(1), panelLine(2, 50, 40), panelLine("3", 90, 80)]);
    expect(joined.items.map((i) => i.dialogueId)).toEqual([0, "3"]);
    expect(joined.counts.unscored).toBe(1);
    expect(joined.counts.withoutHumanOverall).toBe(1);
    expect(joined.counts.withoutResult).toBe(0);
    expect(joined.counts.joined).toBe(2);
  });

  it("matches a dialogue's own id first, then its position", () => {
    const own = parseDialogues(JSON.stringify([{ id: "a-1", messages: [{ role: "user", content: "hi" }] }, { id: "b-2", messages: [{ role: "user", content: "yo" }] }]), "chat.json");
    const results = parseResults(jsonl([panelLine("b-2", 60, 60), panelLine(0, 80, 80)]), "r.jsonl");
    const joined = joinResults(results, own, "chat.json", "r.jsonl");
    // The chat dialogues carry no ratings: both are found, both counted as without OVERALL.
    expect(joined.counts.withoutHumanOverall).toBe(2);
    expect(joined.counts.withoutResult).toBe(0);
  });

  it("fails on a result whose dialogue_id is not in the labels, naming it and the line", () => {
    const e = thrown(() => join([panelLine(0, 70, 60), panelLine(17, 50, 40)]));
    expect(isAgreementInputError(e)).toBe(true);
    expect(e.message).toBe("results.jsonl:2: dialogue_id 17 is not in the labels file labels.tsv (4 dialogues)");
    expect(thrown(() => join([panelLine("nope", 70, 60)])).message).toContain('dialogue_id "nope" is not in the labels file');
  });

  it("fails on two results for one dialogue", () => {
    expect(thrown(() => join([panelLine(0, 70, 60), panelLine("0", 50, 40)])).message).toBe("results.jsonl:2: a second result for dialogue \"0\" (the first is on line 1)");
  });

  it("fails on a scored line without its score, naming the field", () => {
    const broken = { dialogue_id: 0, referee_final: { OverallExperience: 60 }, meta: { protocol: "panel" } };
    expect(thrown(() => join([broken])).message).toBe("results.jsonl:1: panel line without a numeric referee_final.numeric_weighted_average");
  });
});

describe("reading result lines", () => {
  it("names the line of a line that is not JSON or not a result", () => {
    expect(thrown(() => parseResults('{"dialogue_id":0}\n\nnot json\n', "r.jsonl")).message).toMatch(/^r\.jsonl:3: not a JSON line/);
    expect(thrown(() => parseResults('{"dialogue_id":0}\n{"score":1}\n', "r.jsonl")).message).toMatch(/^r\.jsonl:2: not a result line: dialogue_id/);
    expect(thrown(() => parseResults("\n\n", "r.jsonl")).message).toBe("r.jsonl: no result lines; expected the JSONL written by tribunal evaluate");
  });
});

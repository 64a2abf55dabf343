import type { Dialogue } from "../dialogues/dialogue.js";
import { isUnscored } from "../results/line.js";
import { AgreementInputError } from "./errors.js";
import type { NumberedResult } from "./read-results.js";
import { judgeScores, type JudgeScores } from "./result-line.js";

/** A scored result joined to its dialogue's human OVERALL ratings. */
export interface JoinedItem {
  dialogueId: string | number;
  /** Line of the results file. */
  line: number;
  judge: JudgeScores;
  /** The OVERALL ratings, in file order (rater k = the k-th rating). */
  ratings: number[];
}

export interface JoinCounts {
  /** Non-blank lines of the results file. */
  resultLines: number;
  /** Lines with `status: "unscored"`: skipped. */
  unscored: number;
  /** Scored lines whose continuous score is null (nothing applicable): skipped. */
  withoutScore: number;
  /** Dialogues of the labels file. */
  labelDialogues: number;
  /** Labelled dialogues that have no result line. */
  withoutResult: number;
  /** Joined dialogues without an OVERALL rating: skipped. */
  withoutHumanOverall: number;
  /** Items the measures are computed on. */
  joined: number;
}

export interface Joined {
  items: JoinedItem[];
  counts: JoinCounts;
}

/**
 * Finds the dialogue a result names: its own id first, then — for a whole number — its 0-based
 * position in the labels file (the id `tribunal evaluate` gives a dialogue that has none).
 */
export function indexDialogues(dialogues: readonly Dialogue[]): (id: string | number) => number | undefined {
  const byId = new Map<string, number>();
  dialogues.forEach((d, i) => {
    if (!byId.has(String(d.id))) byId.set(String(d.id), i);
  });
  return (id) => {
    const own = byId.get(String(id));
    if (own !== undefined) return own;
    const position = typeof id === "number" ? id : /^\d+$/.test(id) ? Number(id) : NaN;
    return Number.isInteger(position) && position < dialogues.length ? position : undefined;
  };
}

/**
 * Joins result lines to the labelled dialogues by `dialogue_id`. Unscored lines are counted and
 * skipped; a result whose id is not in the labels, or two results for one dialogue, is an error.
 */
export function joinResults(results: readonly NumberedResult[], dialogues: readonly Dialogue[], labelsFile: string, resultsFile: string, overallKey?: string): Joined {
  const find = indexDialogues(dialogues);
  const seen = new Map<number, number>();
  const items: JoinedItem[] = [];
  const counts: JoinCounts = { resultLines: results.length, unscored: 0, withoutScore: 0, labelDialogues: dialogues.length, withoutResult: 0, withoutHumanOverall: 0, joined: 0 };
  for (const r of results) {
    const id = r.result.dialogue_id;
    const where = `${resultsFile}:${r.line}`;
    const index = find(id);
    if (index === undefined) throw new AgreementInputError(`${where}: dialogue_id ${JSON.stringify(id)} is not in the labels file ${labelsFile} (${dialogues.length} dialogues)`);
    const earlier = seen.get(index);
    if (earlier !== undefined) throw new AgreementInputError(`${where}: a second result for dialogue ${JSON.stringify(id)} (the first is on line ${earlier})`);
    seen.set(index, r.line);
    if (isUnscored(r.result)) {
      counts.unscored++;
      continue;
    }
    const judge = judgeScores(r.result, where, overallKey);
    if (judge.continuous === null) {
      counts.withoutScore++;
      continue;
    }
    const ratings = (dialogues[index] as Dialogue).overallRatings ?? [];
    if (ratings.length === 0) {
      counts.withoutHumanOverall++;
      continue;
    }
    items.push({ dialogueId: id, line: r.line, judge, ratings: [...ratings] });
  }
  counts.withoutResult = dialogues.length - seen.size;
  counts.joined = items.length;
  return { items, counts };
}

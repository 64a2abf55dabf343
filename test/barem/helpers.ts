import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { loadRubric } from "../../rubrics/load.js";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The barem's original document as the user wrote it, copied verbatim (docs/protocols.md#barem). */
export const SEED_002 = readFileSync(`${ROOT}test/barem/fixtures/seed-002.txt`, "utf8");
export const barem = () => loadRubric("ccpe-barem");

export type Verdicts = Record<string, { score: number; justification: string } | null>;

/** The original document's expected output of few-shot example `i` (0-based), as stored in the rubric. */
export function seedExpected(i: number): Verdicts {
  return barem().fewShot[i]?.expected as Verdicts;
}

/** A target dialogue whose human ratings and acts nobody would write by chance. */
export const TARGET: Dialogue = {
  id: "target-7",
  turns: [
    { speaker: "assistant", text: "What kind of films do you enjoy?", act: "ZQX_TARGET_ACT" },
    { speaker: "user", text: "Quiet dramas, mostly.", act: "ZQX_PREF_ACT", ratings: [1, 5, 1, 5, 1] },
    { speaker: "assistant", text: "Which quiet drama did you like recently?" },
    { speaker: "user", text: "Past Lives.", ratings: [1, 5, 1, 5, 1] },
  ],
  overallRatings: [5, 1, 5, 1, 2],
};

export const verdict = (score: number, justification = "The user answered \"Past Lives\" directly.") => ({ score, justification });

export function allScores(scores: Record<string, number>, overall: number | null): Verdicts {
  return { ...Object.fromEntries(Object.entries(scores).map(([k, v]) => [k, verdict(v)])), OverallExperience: overall === null ? null : verdict(overall, "Weighted average.") };
}

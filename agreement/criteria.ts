import { bootstrapMany, type Estimate } from "../metrics/bootstrap.js";
import { kendallTauB } from "../metrics/kendall.js";
import { spearman } from "../metrics/spearman.js";
import type { Rubric } from "../rubrics/schema.js";
import type { JoinedItem } from "./join.js";

/** One rubric criterion's scores against the human OVERALL mean ("criterion vs OVERALL"). */
export interface CriterionAgreement {
  criterion: string;
  /** The rubric's `humanCounterpart` for this criterion, if it names one. */
  humanCounterpart: string | null;
  /** The human label compared with: only OVERALL exists in the labels, so always OVERALL. */
  comparedWith: "OVERALL";
  /** Dialogues where the criterion has a score. */
  n: number;
  spearman: Estimate;
  kendall: Estimate;
}

/** Criterion ids in the rubric's order, then any others met in the results, in order of appearance. */
function criterionIds(items: readonly JoinedItem[], rubric?: Rubric): string[] {
  const ids = rubric ? rubric.criteria.map((c) => c.id) : [];
  for (const item of items) for (const id of Object.keys(item.judge.criteria)) if (!ids.includes(id)) ids.push(id);
  return ids.filter((id) => items.some((item) => item.judge.criteria[id] !== undefined));
}

/**
 * Per-criterion agreement: every criterion's score against the human OVERALL mean (the USS labels
 * have no per-criterion human rating), on the report's shared resamples. Items without the
 * criterion (checklist NA) are left out, in the full sample and in every resample.
 */
export function criterionAgreement(items: readonly JoinedItem[], humanMean: readonly number[], draws: readonly ArrayLike<number>[], level: number, rubric?: Rubric): CriterionAgreement[] {
  return criterionIds(items, rubric).map((id) => {
    const stat = (picked: ArrayLike<number>): [number | null, number | null] => {
      const x: number[] = [];
      const y: number[] = [];
      for (let k = 0; k < picked.length; k++) {
        const i = picked[k] as number;
        const v = items[i]?.judge.criteria[id];
        if (v === undefined) continue;
        x.push(v);
        y.push(humanMean[i] as number);
      }
      return [spearman(x, y), kendallTauB(x, y)];
    };
    const [rho, tau] = bootstrapMany(items.length, stat, draws, level) as [Estimate, Estimate];
    const n = items.filter((item) => item.judge.criteria[id] !== undefined).length;
    const counterpart = rubric?.criteria.find((c) => c.id === id)?.humanCounterpart ?? null;
    return { criterion: id, humanCounterpart: counterpart, comparedWith: "OVERALL", n, spearman: { ...rho, n }, kendall: { ...tau, n } };
  });
}

import { spearman } from "../metrics/spearman.js";

/** ρ at one rater position k: the k-th human against the mean of the others, and the judge against the same mean. */
export interface PositionAgreement {
  /** 1-based rater position (the k-th rating of each dialogue). */
  rater: number;
  /** Dialogues that have a rater at this position and ≥ 2 others. */
  n: number;
  human: number | null;
  judge: number | null;
}

export interface OneMoreAnnotator {
  positions: PositionAgreement[];
  /** Mean over positions of ρ(human k, others), weighted by each position's n. */
  human: number | null;
  /** Mean over the same positions of ρ(judge, others), same weights. */
  judge: number | null;
  /** Plain (unweighted) means over positions, for reference. */
  humanUnweighted: number | null;
  judgeUnweighted: number | null;
  /** One ρ over every (dialogue, rater) pair pooled: rating vs others' mean, judge vs others' mean. */
  humanPooled: number | null;
  judgePooled: number | null;
}

/** Fewest other raters whose mean a rater (or the judge) is compared with. */
export const MIN_OTHERS = 2;

const mean = (values: readonly number[]): number => values.reduce((s, v) => s + v, 0) / values.length;

function weightedMean(values: readonly (number | null)[], weights: readonly number[]): number | null {
  let total = 0;
  let weight = 0;
  values.forEach((v, i) => {
    if (v === null) return;
    total += v * (weights[i] as number);
    weight += weights[i] as number;
  });
  return weight > 0 ? total / weight : null;
}

/**
 * "Is the judge one more annotator?" For each rater position k, over the dialogues that have a
 * k-th rating and at least two other ratings: ρ(rating k, mean of the other ratings) beside
 * ρ(judge, mean of the same other ratings). Positions where either ρ is undefined are left out of
 * both means, so the two sides always average the same positions. `items` picks (and may repeat)
 * the dialogues, for the bootstrap.
 */
export function oneMoreAnnotator(judge: readonly number[], ratings: readonly (readonly number[])[], items?: ArrayLike<number>): OneMoreAnnotator {
  const picked = items ? Array.from(items) : [...judge.keys()];
  const maxRaters = Math.max(0, ...picked.map((i) => ratings[i]?.length ?? 0));
  const positions: PositionAgreement[] = [];
  const pooledRating: number[] = [];
  const pooledJudge: number[] = [];
  const pooledOthers: number[] = [];
  for (let k = 0; k < maxRaters; k++) {
    const mine: number[] = [];
    const theirs: number[] = [];
    const judged: number[] = [];
    for (const i of picked) {
      const r = ratings[i] as readonly number[];
      if (r.length <= k || r.length - 1 < MIN_OTHERS) continue;
      const others = mean(r.filter((_, j) => j !== k));
      mine.push(r[k] as number);
      theirs.push(others);
      judged.push(judge[i] as number);
    }
    pooledRating.push(...mine);
    pooledOthers.push(...theirs);
    pooledJudge.push(...judged);
    positions.push({ rater: k + 1, n: mine.length, human: spearman(mine, theirs), judge: spearman(judged, theirs) });
  }
  const usable = positions.filter((p) => p.human !== null && p.judge !== null);
  const weights = usable.map((p) => p.n);
  const plain = (side: "human" | "judge") => (usable.length > 0 ? mean(usable.map((p) => p[side] as number)) : null);
  return {
    positions,
    human: weightedMean(usable.map((p) => p.human), weights),
    judge: weightedMean(usable.map((p) => p.judge), weights),
    humanUnweighted: plain("human"),
    judgeUnweighted: plain("judge"),
    humanPooled: spearman(pooledRating, pooledOthers),
    judgePooled: spearman(pooledJudge, pooledOthers),
  };
}

/**
 * `tribunal agree --pairs`: how often a pairwise judge picks the dialogue the humans rated higher.
 * A pair counts when the two human OVERALL means differ by at least `minGap`; the judge's winner scores
 * 1 when it is that side, ½ for a tie and 0 otherwise. Human ratings are only read here, as labels.
 */
import type { Dialogue } from "../dialogues/dialogue.js";
import { readDialogues } from "../dialogues/read.js";
import { bootstrapMany, DEFAULT_RESAMPLES, DEFAULT_SEED, drawResamples, type BootstrapOptions, type Estimate } from "../metrics/bootstrap.js";
import { objects, obj } from "../results/fields.js";
import { isUnscored } from "../results/line.js";
import { AgreementInputError } from "./errors.js";
import { humanSide } from "./human-side.js";
import { indexDialogues } from "./join.js";
import { matchesLabels, uncheckedWarning, type WarningSink } from "./provenance.js";
import { readResults, type NumberedResult } from "./read-results.js";
import { detectProtocol } from "./result-line.js";

export const DEFAULT_MIN_GAP = 1.0;

export interface PairAgreementOptions extends BootstrapOptions {
  /** Smallest difference of the two human OVERALL means for a pair to count (default 1.0, > 0). */
  minGap?: number;
  /** Told when some result lines (older ones, without `meta.source`) could not be checked against the labels. */
  onWarning?: WarningSink;
}

export interface PairAgreementCounts {
  /** Non-blank lines of the results file. */
  resultLines: number;
  /** Unscored lines: skipped. */
  unscored: number;
  /** Pairs one side of which has no human OVERALL rating: skipped. */
  withoutHumanOverall: number;
  /** Pairs whose human means differ by less than the minimum gap: skipped. */
  belowGap: number;
  /** Pairs measured. */
  joined: number;
  /** Distinct labelled dialogues in the measured pairs: what the bootstrap resamples. */
  dialogues: number;
}

export interface CriterionPairAgreement {
  criterion: string;
  /** Measured pairs whose line has this criterion. */
  n: number;
  /** The criterion's preference against the side rated higher OVERALL (tie = ½). */
  accuracy: Estimate;
  tieRate: Estimate;
}

export interface PairAgreementReport {
  results: string;
  labels: string;
  /** The rubric the results name (`meta.rubric`), when they name one. */
  rubric: string | null;
  minGap: number;
  counts: PairAgreementCounts;
  /** The judge's winner against the side the humans rated higher. */
  outcomes: { right: number; tie: number; wrong: number };
  /** Share right, a tie counting ½. */
  accuracy: Estimate;
  /** Share right among the pairs the judge did not call a tie (its n: those pairs). */
  decisiveAccuracy: Estimate;
  tieRate: Estimate;
  /** Share of the pairs judged the same way in both orders. */
  positionConsistent: Estimate;
  criteria: CriterionPairAgreement[];
  bootstrap: { resamples: number; seed: number; level: number; unit: "dialogue" };
  notes: string[];
}

type Side = "A" | "B" | "tie";
const isSide = (v: unknown): v is Side => v === "A" || v === "B" || v === "tie";
/** 1 when the judge chose the side the humans rated higher, ½ for a tie, 0 for the other side. */
const credit = (chosen: Side, better: "A" | "B") => (chosen === "tie" ? 0.5 : chosen === better ? 1 : 0);

/** One measured pair: its sides as indices into the measured dialogues, and the judge's credit. */
export interface MeasuredPair {
  a: number;
  b: number;
  credit: number;
  consistent: boolean;
  criteria: Map<string, number>;
}

/**
 * Plain `tribunal agree` joins a result to one labelled dialogue; a pairwise result names two. Refuses
 * them with the way to measure them instead.
 */
export function refusePairwiseResults(results: readonly NumberedResult[], resultsFile: string): void {
  const pairwise = results.find((r) => detectProtocol(r.result) === "pairwise");
  if (pairwise) {
    throw new AgreementInputError(`${resultsFile}:${pairwise.line}: a pairwise result compares two dialogues and joins no single labelled one; measure it with tribunal agree <results> --labels <file> --pairs`);
  }
}

function sideIndex(find: (id: string | number) => number | undefined, id: unknown, side: "a" | "b", where: string, labelsFile: string, size: number): number {
  if (typeof id !== "string" && typeof id !== "number") throw new AgreementInputError(`${where}: a pairwise line without pair.${side} (the id of side ${side.toUpperCase()})`);
  const index = find(id);
  if (index === undefined) throw new AgreementInputError(`${where}: side ${side.toUpperCase()}'s dialogue ${JSON.stringify(id)} is not in the labels file ${labelsFile} (${size} dialogues)`);
  return index;
}

interface Measured {
  pairs: MeasuredPair[];
  dialogues: number;
  counts: Omit<PairAgreementCounts, "joined" | "dialogues">;
  rubrics: Set<string>;
  /** Lines without `meta.source`, whose sides could not be checked against the labels. */
  unchecked: number;
}

function measurePairs(results: readonly NumberedResult[], labelled: readonly Dialogue[], files: { results: string; labels: string }, minGap: number): Measured {
  const find = indexDialogues(labelled);
  /** Labels-file index → dense index over the dialogues the measured pairs use. */
  const slot = new Map<number, number>();
  const slotOf = (index: number) => slot.get(index) ?? (slot.set(index, slot.size), slot.size - 1);
  const seen = new Map<string, number>();
  const counts = { resultLines: results.length, unscored: 0, withoutHumanOverall: 0, belowGap: 0 };
  const rubrics = new Set<string>();
  const pairs: MeasuredPair[] = [];
  let unchecked = 0;
  for (const r of results) {
    const where = `${files.results}:${r.line}`;
    const protocol = detectProtocol(r.result);
    if (protocol !== "pairwise") throw new AgreementInputError(`${where}: ${protocol ? `a ${protocol} result` : "not a pairwise result"}; --pairs measures the lines of tribunal evaluate --protocol pairwise (or tribunal compare --out)`);
    const key = `${typeof r.result.dialogue_id}:${String(r.result.dialogue_id)}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) throw new AgreementInputError(`${where}: a second result for pair ${JSON.stringify(r.result.dialogue_id)} (the first is on line ${earlier})`);
    seen.set(key, r.line);
    if (isUnscored(r.result)) {
      counts.unscored++;
      continue;
    }
    const winner = r.result["winner"];
    if (!isSide(winner)) throw new AgreementInputError(`${where}: a scored pairwise line without a winner (A, B or tie)`);
    const pair = obj(r.result["pair"]);
    const a = sideIndex(find, pair["a"], "a", where, files.labels, labelled.length);
    const b = sideIndex(find, pair["b"], "b", where, files.labels, labelled.length);
    // A pair is judged as one dialogue, A's turns then B's (nodes/pairwise/pair.ts): its hash covers both sides.
    const sides = { turns: [...(labelled[a] as Dialogue).turns, ...(labelled[b] as Dialogue).turns] };
    const sidesAt = `${files.labels} (dialogues ${JSON.stringify(pair["a"])} and ${JSON.stringify(pair["b"])})`;
    if (!matchesLabels(r, sides, sidesAt, files)) unchecked++;
    const human = humanSide(labelled[a] as Dialogue, labelled[b] as Dialogue, minGap);
    if (human.kind === "unrated") counts.withoutHumanOverall++;
    if (human.kind === "below_gap") counts.belowGap++;
    if (human.kind !== "better") continue;
    if (r.result.meta?.rubric) rubrics.add(r.result.meta.rubric);
    const criteria = new Map<string, number>();
    for (const c of objects(r.result["criteria"])) {
      if (typeof c["criterion"] === "string" && isSide(c["preference"])) criteria.set(c["criterion"], credit(c["preference"], human.side));
    }
    pairs.push({ a: slotOf(a), b: slotOf(b), credit: credit(winner, human.side), consistent: r.result["position_consistent"] === true, criteria });
  }
  return { pairs, dialogues: slot.size, counts, rubrics, unchecked };
}

/**
 * Every measure, on weighted pairs. Pairs share dialogues, so the bootstrap resamples dialogues: a pair
 * weighs the product of how often each of its sides was drawn (1 × 1 on the data itself). Resampling
 * pairs instead would treat 30 pairs built on one dialogue as 30 independent facts.
 */
export function pairStatistics(pairs: readonly MeasuredPair[], dialogues: number, criteria: readonly string[]) {
  const side = { a: Uint32Array.from(pairs, (p) => p.a), b: Uint32Array.from(pairs, (p) => p.b) };
  const overall = Float64Array.from(pairs, (p) => p.credit);
  const consistent = Float64Array.from(pairs, (p) => (p.consistent ? 1 : 0));
  const byCriterion = criteria.map((name) => Float64Array.from(pairs, (p) => p.criteria.get(name) ?? NaN));
  return (items: ArrayLike<number>): (number | null)[] => {
    const draws = new Float64Array(dialogues);
    for (let i = 0; i < items.length; i++) {
      const d = items[i] as number;
      draws[d] = (draws[d] as number) + 1;
    }
    let weight = 0, right = 0, ties = 0, decisiveWeight = 0, decisiveRight = 0, consistentWeight = 0;
    const cWeight = new Float64Array(criteria.length);
    const cRight = new Float64Array(criteria.length);
    const cTies = new Float64Array(criteria.length);
    for (let p = 0; p < overall.length; p++) {
      const w = (draws[side.a[p] as number] as number) * (draws[side.b[p] as number] as number);
      if (w === 0) continue;
      const v = overall[p] as number;
      weight += w;
      right += w * v;
      consistentWeight += w * (consistent[p] as number);
      if (v === 0.5) ties += w;
      else {
        decisiveWeight += w;
        decisiveRight += w * v;
      }
      for (let k = 0; k < criteria.length; k++) {
        const c = (byCriterion[k] as Float64Array)[p] as number;
        if (Number.isNaN(c)) continue;
        cWeight[k] = (cWeight[k] as number) + w;
        cRight[k] = (cRight[k] as number) + w * c;
        if (c === 0.5) cTies[k] = (cTies[k] as number) + w;
      }
    }
    const ratio = (x: number, total: number) => (total === 0 ? null : x / total);
    return [
      ratio(right, weight),
      ratio(decisiveRight, decisiveWeight),
      ratio(ties, weight),
      ratio(consistentWeight, weight),
      ...criteria.flatMap((_, k) => [ratio(cRight[k] as number, cWeight[k] as number), ratio(cTies[k] as number, cWeight[k] as number)]),
    ];
  };
}

/** The measures of pairs already joined to their labels (pure): the figures `agreePairs` reports. */
export function pairAgreement(pairs: readonly MeasuredPair[], dialogues: number, options: BootstrapOptions = {}) {
  const criteria = [...new Set(pairs.flatMap((p) => [...p.criteria.keys()]))];
  const level = options.level ?? 0.95;
  const draws = drawResamples(dialogues, options);
  const [accuracy, decisive, tieRate, consistent, ...perCriterion] = bootstrapMany(dialogues, pairStatistics(pairs, dialogues, criteria), draws, level) as Estimate[];
  const ties = pairs.filter((p) => p.credit === 0.5).length;
  const right = pairs.filter((p) => p.credit === 1).length;
  // An estimate's n is the pairs it is computed on; the bootstrap's unit (dialogues) is in the counts.
  const over = (e: Estimate | undefined, n: number): Estimate => ({ ...(e as Estimate), n });
  return {
    outcomes: { right, tie: ties, wrong: pairs.length - right - ties },
    accuracy: over(accuracy, pairs.length),
    decisiveAccuracy: over(decisive, pairs.length - ties),
    tieRate: over(tieRate, pairs.length),
    positionConsistent: over(consistent, pairs.length),
    criteria: criteria.map((criterion, k): CriterionPairAgreement => {
      const n = pairs.filter((p) => p.criteria.has(criterion)).length;
      return { criterion, n, accuracy: over(perCriterion[2 * k], n), tieRate: over(perCriterion[2 * k + 1], n) };
    }),
  };
}

/** Reads pairwise results and the labelled dialogues their pairs name, and measures the judge against the human means. */
export async function agreePairs(resultsFile: string, labelsFile: string, options: PairAgreementOptions = {}): Promise<PairAgreementReport> {
  const minGap = options.minGap ?? DEFAULT_MIN_GAP;
  if (!(minGap > 0)) throw new AgreementInputError(`--min-gap must be > 0 (pairs the humans rated the same say nothing about which is better), got ${minGap}`);
  const results = await readResults(resultsFile);
  const labelled: Dialogue[] = [];
  for await (const d of readDialogues(labelsFile)) labelled.push(d);
  const files = { results: resultsFile, labels: labelsFile };
  const measured = measurePairs(results, labelled, files, minGap);
  const warning = uncheckedWarning(measured.unchecked, results.length - measured.counts.unscored, files);
  if (warning) options.onWarning?.(warning);
  const bootstrap = { resamples: options.resamples ?? DEFAULT_RESAMPLES, seed: options.seed ?? DEFAULT_SEED, level: options.level ?? 0.95 };
  const notes: string[] = [];
  if (measured.pairs.length === 0) notes.push(`no pair has two rated sides whose human means differ by ≥ ${minGap}: nothing to measure`);
  if (measured.rubrics.size > 1) notes.push(`results name several rubrics (${[...measured.rubrics].join(", ")})`);
  return {
    results: resultsFile,
    labels: labelsFile,
    rubric: measured.rubrics.size === 1 ? ([...measured.rubrics][0] as string) : null,
    minGap,
    counts: { ...measured.counts, joined: measured.pairs.length, dialogues: measured.dialogues },
    ...pairAgreement(measured.pairs, measured.dialogues, bootstrap),
    bootstrap: { ...bootstrap, unit: "dialogue" },
    notes,
  };
}

import { readDialogues } from "../dialogues/read.js";
import type { Dialogue } from "../dialogues/dialogue.js";
import { builtInRubric, loadRubric } from "../rubrics/load.js";
import type { Rubric } from "../rubrics/schema.js";
import { joinResults } from "./join.js";
import { refusePairwiseResults } from "./pairs.js";
import { refuseLabelReadingResults } from "./label-rules.js";
import { checkProvenance, type WarningSink } from "./provenance.js";
import { readResults, type NumberedResult } from "./read-results.js";
import { buildAgreementReport, type AgreementOptions, type AgreementReport } from "./report.js";

export { buildAgreementReport, type AgreementOptions, type AgreementReport } from "./report.js";
export { formatAgreementReport, formatPairAgreement } from "./format.js";
export { agreePairs, pairAgreement, refusePairwiseResults, DEFAULT_MIN_GAP, type CriterionPairAgreement, type MeasuredPair, type PairAgreementCounts, type PairAgreementOptions, type PairAgreementReport } from "./pairs.js";
export { humanSide, type HumanSide } from "./human-side.js";
export { indexDialogues, joinResults, type Joined, type JoinedItem, type JoinCounts } from "./join.js";
export { parseResults, readResults } from "./read-results.js";
export { oneMoreAnnotator, type OneMoreAnnotator, type PositionAgreement } from "./one-more.js";
export { AgreementInputError, isAgreementInputError, isLabelReadingResultsError, LabelReadingResultsError, type LabelReadingRule } from "./errors.js";
export { BLIND_DETAIL_PREFIX, LABEL_READING_RULES, labelReadingRules, refuseLabelReadingResults } from "./label-rules.js";
export { checkProvenance, type WarningSink } from "./provenance.js";

export interface AgreeOptions extends Omit<AgreementOptions, "rubric" | "notes"> {
  /** A rubric id or path; default: the rubric named in the results' `meta.rubric`. */
  rubric?: string;
  /** Told when some result lines (older ones, without `meta.source`) could not be checked against the labels. */
  onWarning?: WarningSink;
}

/** The rubric the results name, when it is a built-in one; otherwise undefined with a note. */
function resultsRubric(results: readonly NumberedResult[], notes: string[]): Rubric | undefined {
  const ids = [...new Set(results.map((r) => r.result.meta?.rubric).filter((id): id is string => typeof id === "string"))];
  if (ids.length !== 1) {
    if (ids.length > 1) notes.push(`results name several rubrics (${ids.join(", ")}): default scales used, per-criterion counterparts unknown`);
    return undefined;
  }
  const rubric = builtInRubric(ids[0]);
  if (!rubric) notes.push(`rubric "${ids[0]}" named in the results is not built in: default scales used; pass --rubric <path> to use its own`);
  return rubric;
}

/**
 * `tribunal agree`: reads results and labels, joins them, and measures agreement. Refuses
 * (LabelReadingResultsError) results scored without --blind by a rubric rule that reads the human
 * ratings, whatever the rest of the file holds: the figures would compare the judge with labels it saw.
 * Refuses pairwise results too: they name two dialogues each (`agreePairs` measures them). Refuses
 * labels whose dialogues are not the ones the results were judged on (`meta.source.dialogue_hash`).
 */
export async function agree(resultsFile: string, labelsFile: string, options: AgreeOptions = {}): Promise<AgreementReport> {
  const results = await readResults(resultsFile);
  refuseLabelReadingResults(results, resultsFile);
  refusePairwiseResults(results, resultsFile);
  const dialogues: Dialogue[] = [];
  for await (const d of readDialogues(labelsFile)) dialogues.push(d);
  checkProvenance(results, dialogues, { results: resultsFile, labels: labelsFile }, options.onWarning);
  const notes: string[] = [];
  const rubric = options.rubric ? loadRubric(options.rubric) : resultsRubric(results, notes);
  const joined = joinResults(results, dialogues, labelsFile, resultsFile, rubric?.overallKey);
  const { rubric: _ignored, onWarning: _warn, ...rest } = options;
  return buildAgreementReport(joined, { results: resultsFile, labels: labelsFile }, { ...rest, ...(rubric ? { rubric } : {}), notes });
}

import { readResults } from "../agreement/read-results.js";
import type { Dialogue } from "../dialogues/dialogue.js";
import { readDialogues } from "../dialogues/read.js";
import type { Rubric } from "../rubrics/schema.js";
import { agreementSections } from "./agreement.js";
import { isLabelReadingResultsError } from "../agreement/errors.js";
import { refuseLabelReadingResults } from "../agreement/label-rules.js";
import { checkProvenance, type WarningSink } from "../agreement/provenance.js";
import type { ReportData } from "./model.js";
import { rubricResolver } from "./rubrics.js";
import { summariseResults } from "./summarise.js";

export interface ReportOptions {
  /** The dialogues file with human OVERALL ratings: adds the agreement sections. */
  labels?: string;
  /** Rubric for scales and the overall key (default: the built-in rubric each line names). */
  rubric?: Rubric;
  title?: string;
  resamples?: number;
  seed?: number;
  /** Time stamp shown in the report (tests pass a fixed one). */
  now?: Date;
  /** Told when some result lines (older ones, without `meta.source`) could not be checked against the labels. */
  onWarning?: WarningSink;
}

/** Why agreement figures would be inflated for these results (a rule read the labels), or undefined. */
function labelReadingRefusal(results: Parameters<typeof refuseLabelReadingResults>[0], resultsFile: string): string | undefined {
  try {
    refuseLabelReadingResults(results, resultsFile);
    return undefined;
  } catch (e) {
    if (isLabelReadingResultsError(e)) return `no agreement figures: ${e.message}`;
    throw e;
  }
}

/**
 * Reads a results file (and the labels, if given) and gathers everything the report shows; agreement
 * is left out when a rule read the labels. Labels that are not the dialogues the results were judged
 * on are refused (`agreement/provenance.ts`).
 */
export async function collectReportData(resultsFile: string, options: ReportOptions = {}): Promise<ReportData> {
  const results = await readResults(resultsFile);
  const rubricOf = rubricResolver(options.rubric);
  const bootstrap = { ...(options.resamples !== undefined ? { resamples: options.resamples } : {}), ...(options.seed !== undefined ? { seed: options.seed } : {}) };
  const summary = summariseResults(results, resultsFile, rubricOf, bootstrap);
  let agreement: ReportData["agreement"] = [];
  let agreementNotes: string[] = ["no --labels given: pass the dialogues file with human ratings to compare the judge with people"];
  const labelReading = options.labels ? labelReadingRefusal(results, resultsFile) : undefined;
  if (labelReading) agreementNotes = [labelReading];
  else if (options.labels) {
    const dialogues: Dialogue[] = [];
    for await (const d of readDialogues(options.labels)) dialogues.push(d);
    checkProvenance(results, dialogues, { results: resultsFile, labels: options.labels }, options.onWarning);
    const found = agreementSections({
      results,
      lines: summary.lines,
      dialogues,
      files: { results: resultsFile, labels: options.labels },
      rubricOf,
      ...bootstrap,
    });
    agreement = found.sections;
    agreementNotes = found.notes;
  }
  return {
    title: options.title ?? `Tribunal report: ${resultsFile.split(/[\\/]/).pop() ?? resultsFile}`,
    generatedAt: (options.now ?? new Date()).toISOString(),
    source: { results: resultsFile, labels: options.labels ?? null },
    protocols: summary.protocols,
    operations: summary.operations,
    agreement,
    agreementNotes,
    rows: summary.rows,
    details: summary.details,
  };
}

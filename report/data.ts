import { readResults } from "../agreement/read-results.js";
import type { Rubric } from "../rubrics/schema.js";
import { agreementSections } from "./agreement.js";
import { isLabelReadingResultsError } from "../agreement/errors.js";
import { refuseLabelReadingResults } from "../agreement/label-rules.js";
import { checkProvenance, type WarningSink } from "../agreement/provenance.js";
import { summariseJuries } from "./juries.js";
import type { DialoguePanel, ProtocolId, ReportData } from "./model.js";
import { rubricResolver } from "./rubrics.js";
import { summariseResults, type Summary } from "./summarise.js";
import { readDialogueFile, readLabels, type DialogueLookup } from "./dialogue-lookup.js";
import { gapRule, joinHuman } from "./human.js";
import { transcriptsOf } from "./line-transcripts.js";
import { distinct } from "./tally.js";

export interface ReportOptions {
  /** The dialogues file with human OVERALL ratings: adds the agreement sections, the human column and the human rating of each dialogue. */
  labels?: string;
  /** The file the results were produced from: each dialogue's transcript beside its verdicts (default: the labels file, when given). */
  dialogues?: string;
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

/** Each line's transcript(s) and human rating, and the table's human cells. */
function dialoguePanels(summary: Summary, transcripts: DialogueLookup | null, labels: DialogueLookup | null, rubricOf: (id: unknown) => Rubric | undefined) {
  return summary.lines.map((line, i) => {
    const body = summary.details[i]?.body ?? null;
    const shown = transcripts ? transcriptsOf(line, body, transcripts) : { transcripts: [], notes: [] };
    const human = labels ? joinHuman(line, body, labels, rubricOf(line.meta["rubric"])) : { view: null, cells: { human: null, gap: null } };
    const panel: DialoguePanel = { transcripts: shown.transcripts, human: human.view, notes: shown.notes };
    return { panel, cells: human.cells };
  });
}

/**
 * Reads a results file (and the labels and dialogues, if given) and gathers everything the report
 * shows; agreement is left out when a rule read the labels. The transcripts come from `dialogues`,
 * else from the labels file (a USS file carries the text). Labels that are not the dialogues the
 * results were judged on are refused (`agreement/provenance.ts`).
 */
export async function collectReportData(resultsFile: string, options: ReportOptions = {}): Promise<ReportData> {
  const results = await readResults(resultsFile);
  const rubricOf = rubricResolver(options.rubric);
  const bootstrap = { ...(options.resamples !== undefined ? { resamples: options.resamples } : {}), ...(options.seed !== undefined ? { seed: options.seed } : {}) };
  const summary = summariseResults(results, resultsFile, rubricOf, bootstrap);
  const labels = options.labels ? await readLabels(options.labels) : null;
  if (labels) checkProvenance(results, labels.dialogues, { results: resultsFile, labels: labels.file }, options.onWarning);
  const protocols = distinct(summary.lines.map((l) => l.protocol)).filter((p): p is ProtocolId => p !== null);
  const transcripts = options.dialogues ? await readDialogueFile(options.dialogues, protocols) : labels;
  let agreement: ReportData["agreement"] = [];
  let agreementNotes: string[] = ["no --labels given: pass the dialogues file with human ratings to compare the judge with people"];
  const labelReading = labels ? labelReadingRefusal(results, resultsFile) : undefined;
  if (labelReading) agreementNotes = [labelReading];
  else if (labels) {
    const found = agreementSections({
      results,
      lines: summary.lines,
      dialogues: labels.dialogues,
      files: { results: resultsFile, labels: labels.file },
      rubricOf,
      ...bootstrap,
    });
    agreement = found.sections;
    agreementNotes = found.notes;
  }
  const panels = dialoguePanels(summary, transcripts, labels, rubricOf);
  return {
    title: options.title ?? `Tribunal report: ${resultsFile.split(/[\\/]/).pop() ?? resultsFile}`,
    generatedAt: (options.now ?? new Date()).toISOString(),
    source: { results: resultsFile, labels: options.labels ?? null, dialogues: transcripts?.file ?? null },
    protocols: summary.protocols,
    operations: summary.operations,
    agreement,
    agreementNotes,
    rows: summary.rows.map((r, i) => ({ ...r, ...panels[i]?.cells })),
    details: summary.details,
    dialogues: panels.map((p) => p.panel),
    gapRule: labels ? gapRule(panels.map((p) => p.panel.human), summary.lines, rubricOf) : null,
    juries: summariseJuries(summary.lines, rubricOf),
  };
}

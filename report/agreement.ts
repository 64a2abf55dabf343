import { joinResults, type JoinedItem } from "../agreement/join.js";
import type { NumberedResult } from "../agreement/read-results.js";
import { buildAgreementReport, type AgreementReport } from "../agreement/report.js";
import { describeHumanBucketMapping, humanMeanToBucket, judgeRange, toHumanScale } from "../agreement/scales.js";
import type { Dialogue } from "../dialogues/dialogue.js";
import type { Rubric } from "../rubrics/schema.js";
import { str } from "../results/fields.js";
import { distinct } from "./tally.js";
import type { ReportLine } from "./lines.js";
import type { AgreementSection, ProtocolId } from "./model.js";

export interface AgreementInputs {
  results: readonly NumberedResult[];
  lines: readonly ReportLine[];
  dialogues: readonly Dialogue[];
  files: { results: string; labels: string };
  rubricOf: (id: unknown) => Rubric | undefined;
  resamples?: number;
  seed?: number;
}

const FIVE = [1, 2, 3, 4, 5];
const mean = (values: readonly number[]): number => values.reduce((s, v) => s + v, 0) / values.length;

/**
 * Judge bucket against human bucket. Panel/barem: the bucketed overall against the human mean mapped
 * onto the same buckets (as `tribunal agree` does). Consensus/checklist have no bucketed overall: their
 * continuous score is rescaled to 1–5 and floored, like the human mean.
 */
export function confusion(protocol: ProtocolId, items: readonly JoinedItem[], report: AgreementReport, rubric: Rubric | undefined): AgreementSection["confusion"] {
  const labels = report.bucketed ? report.bucketed.buckets : FIVE;
  const range = judgeRange(protocol, rubric?.protocols.includes(protocol) ? rubric : undefined);
  const judgeBucket = (i: JoinedItem): number => (report.bucketed ? (i.judge.bucketed as number) : humanMeanToBucket(toHumanScale(i.judge.continuous as number, range), FIVE));
  const matrix = labels.map(() => labels.map(() => 0));
  let exact = 0;
  let withinOne = 0;
  for (const item of items) {
    const j = labels.indexOf(judgeBucket(item));
    const h = labels.indexOf(humanMeanToBucket(mean(item.ratings), labels));
    if (j < 0 || h < 0) continue;
    const row = matrix[j] as number[];
    row[h] = (row[h] as number) + 1;
    if (j === h) exact++;
    if (Math.abs(j - h) <= 1) withinOne++;
  }
  const onFive = range.min === 1 && range.max === 5;
  const judgeField = report.bucketed ? report.bucketed.field : onFive ? `${report.continuous.field} floored to 1/2/3/4/5` : `${report.continuous.field} rescaled to 1–5 (${range.min}–${range.max} → 1–5), floored`;
  return { labels, judgeField, humanMapping: describeHumanBucketMapping(labels), matrix, exact, withinOne, n: items.length };
}

/** Protocols whose lines judge a pair: their `dialogue_id` names the pair, never a labelled dialogue. */
const PAIR_PROTOCOLS: readonly ProtocolId[] = ["pairwise"];

function pairNote(protocol: ProtocolId, lines: number, files: AgreementInputs["files"]): string {
  return `${protocol}: ${lines} line${lines === 1 ? "" : "s"} compare two dialogues each, so they have no per-dialogue agreement figures; for accuracy against the human OVERALL ratings run tribunal agree ${files.results} --labels ${files.labels} --pairs`;
}

/**
 * Agreement with the human OVERALL ratings, one section per protocol in the file (results of several
 * protocols may share dialogue ids, so each protocol is joined on its own). A protocol whose lines
 * join no labelled dialogue gets a note instead of a section, and so does a pair protocol; a line
 * naming an unknown dialogue is an error.
 */
export function agreementSections(input: AgreementInputs): { sections: AgreementSection[]; notes: string[] } {
  const sections: AgreementSection[] = [];
  const notes: string[] = [];
  const protocols = distinct(input.lines.map((l) => l.protocol)).filter((p): p is ProtocolId => p !== null);
  for (const protocol of protocols) {
    const group = input.results.filter((_, i) => input.lines[i]?.protocol === protocol);
    if (PAIR_PROTOCOLS.includes(protocol)) {
      notes.push(pairNote(protocol, group.length, input.files));
      continue;
    }
    const rubricIds = distinct(input.lines.filter((l) => l.protocol === protocol).map((l) => str(l.meta["rubric"])));
    const rubric = rubricIds.length === 1 ? input.rubricOf(rubricIds[0]) : input.rubricOf(undefined);
    const joined = joinResults(group, input.dialogues, input.files.labels, input.files.results, rubric?.overallKey);
    if (joined.items.length === 0) {
      const c = joined.counts;
      notes.push(`${protocol}: no scored line joins a dialogue with human OVERALL ratings (${c.unscored} unscored, ${c.withoutScore} without a score, ${c.withoutHumanOverall} without OVERALL)`);
      continue;
    }
    const rubricNotes = rubricIds.length > 1 && !rubric ? [`results name several rubrics (${rubricIds.join(", ")}): default scales used`] : [];
    const report = buildAgreementReport(joined, input.files, {
      ...(input.resamples !== undefined ? { resamples: input.resamples } : {}),
      ...(input.seed !== undefined ? { seed: input.seed } : {}),
      ...(rubric ? { rubric } : {}),
      notes: rubricNotes,
    });
    sections.push({
      protocol,
      report,
      scatter: {
        field: report.continuous.field,
        ids: joined.items.map((i) => String(i.dialogueId)),
        human: joined.items.map((i) => Math.round(mean(i.ratings) * 1000) / 1000),
        judge: joined.items.map((i) => i.judge.continuous as number),
      },
      confusion: confusion(protocol, joined.items, report, rubric),
    });
  }
  return { sections, notes };
}

import { HUMAN_MAX, HUMAN_MIN, judgeRange, toHumanScale } from "../agreement/scales.js";
import { meanOverallRating, type Dialogue } from "../dialogues/dialogue.js";
import { PROTOCOLS, type ProtocolId } from "../graphs/registry.js";
import { DEFAULT_OVERALL_KEY, type Range } from "../results/spec.js";
import type { Rubric } from "../rubrics/schema.js";
import type { DialogueLookup } from "./dialogue-lookup.js";
import type { ReportLine } from "./lines.js";
import type { Detail, HumanView, Row } from "./model.js";

const thousandths = (v: number): number => Math.round(v * 1000) / 1000;

function rated(label: string, dialogue: Dialogue | undefined): HumanView["rated"] {
  const mean = dialogue ? meanOverallRating(dialogue) : undefined;
  return dialogue?.overallRatings && mean !== undefined ? [{ label, ratings: [...dialogue.overallRatings], mean: thousandths(mean) }] : [];
}

/** The judge's scale for a line: its rubric's when the rubric is written for the line's protocol (as agreement reads it), else the protocol's default. */
function lineRange(protocol: ProtocolId, rubric: Rubric | undefined): Range {
  return judgeRange(protocol, rubric?.protocols.includes(protocol) ? rubric : undefined);
}

export interface HumanJoin {
  view: HumanView | null;
  /** The table's cells: a pair has neither. */
  cells: Pick<Row, "human" | "gap">;
}

const NO_CELLS: HumanJoin["cells"] = { human: null, gap: null };

/**
 * The human OVERALL ratings of a line's dialogue from the labels, and the judge beside them on the
 * humans' 1–5 scale: its continuous score mapped linearly (agreement/scales.ts, as Krippendorff's α
 * adds the judge as a rater), so a 20–100 panel and a 1–5 human compare. A pair shows each side's
 * ratings and no gap: its verdict is a preference, not a score. No view when the labels rate nothing here.
 */
export function joinHuman(line: ReportLine, body: Detail["body"], labels: DialogueLookup, rubric: Rubric | undefined): HumanJoin {
  if (body?.protocol === "pairwise") {
    const sides = [...rated(`A ${body.pair.a}`, labels.find(body.pair.a)), ...rated(`B ${body.pair.b}`, labels.find(body.pair.b))];
    return { view: sides.length > 0 ? { rated: sides, judge: null } : null, cells: NO_CELLS };
  }
  const own = rated("human OVERALL", labels.find(line.id));
  const human = own[0];
  if (!human) return { view: null, cells: NO_CELLS };
  const value = line.scores?.continuous ?? null;
  if (value === null || line.protocol === null) return { view: { rated: own, judge: null }, cells: { human: human.mean, gap: null } };
  const onHumanScale = thousandths(toHumanScale(value, lineRange(line.protocol, rubric)));
  const gap = thousandths(Math.abs(onHumanScale - human.mean));
  const field = PROTOCOLS[line.protocol].result.fields(rubric?.overallKey ?? DEFAULT_OVERALL_KEY).continuous.join(".");
  return { view: { rated: own, judge: { field, value, onHumanScale, gap } }, cells: { human: human.mean, gap } };
}

/** Says how the table's |judge − human| puts both on one scale, for the scales met in the report. */
export function gapRule(views: readonly (HumanView | null)[], lines: readonly ReportLine[], rubricOf: (id: unknown) => Rubric | undefined): string | null {
  const scales = new Set<string>();
  views.forEach((v, i) => {
    const line = lines[i];
    if (!v?.judge || !line?.protocol) return;
    const r = lineRange(line.protocol, rubricOf(line.meta["rubric"]));
    scales.add(r.min === HUMAN_MIN && r.max === HUMAN_MAX ? `${line.protocol} ${v.judge.field} is already on 1–5` : `${line.protocol} ${v.judge.field} ${r.min}–${r.max} → 1–5`);
  });
  if (scales.size === 0) return null;
  return `|judge − human| is taken on the humans' 1–5 scale: the mean human OVERALL rating against the judge's continuous score mapped linearly onto 1–5 (${[...scales].join("; ")}), the mapping Krippendorff's α uses to add the judge as a rater. 0 means the same rating; 4, opposite ends of the scale.`;
}

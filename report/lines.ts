import type { NumberedResult } from "../agreement/read-results.js";
import { detectProtocol, judgeScores, type JudgeScores } from "../agreement/result-line.js";
import { obj, type Json } from "../results/fields.js";
import { isUnscored } from "../results/line.js";
import type { ProtocolId } from "./model.js";
import type { Rubric } from "../rubrics/schema.js";

/** A result line as the report reads it: where it came from, its protocol and status, and the judge's scores. */
export interface ReportLine {
  /** 1-based line of the results file. */
  line: number;
  id: string;
  protocol: ProtocolId | null;
  status: "scored" | "unscored";
  raw: Json;
  meta: Json;
  /** The scores `tribunal agree` reads (null for an unscored line). */
  scores: JudgeScores | null;
}

/**
 * Classifies validated result lines. A scored line must carry its protocol's score fields (the
 * error names the file, the line and the field); an unscored line needs only its id. The overall
 * key is the line's rubric's (`OverallExperience` unless the rubric names another).
 */
export function toReportLines(results: readonly NumberedResult[], file: string, rubricOf: (id: unknown) => Rubric | undefined = () => undefined): ReportLine[] {
  return results.map(({ line, result }) => {
    const raw: Json = result;
    const meta = obj(raw["meta"]);
    const unscored = isUnscored(raw);
    return {
      line,
      id: String(result.dialogue_id),
      protocol: detectProtocol(result) ?? null,
      status: unscored ? "unscored" : "scored",
      raw,
      meta,
      scores: unscored ? null : judgeScores(result, `${file}:${line}`, rubricOf(meta["rubric"])?.overallKey),
    };
  });
}

import type { z } from "zod";
import { PROTOCOLS, ProtocolId } from "../graphs/registry.js";
import { detectProtocol as detectIn } from "../results/detect.js";
import { fieldAt, num } from "../results/fields.js";
import { resultLineSchema } from "../results/line.js";
import { DEFAULT_OVERALL_KEY } from "../results/spec.js";
import { AgreementInputError } from "./errors.js";

/** The fields `tribunal agree` and `tribunal report` check on a result line; everything else is read through its protocol's ResultSpec. */
export const ResultLine = resultLineSchema(ProtocolId);
export type ResultLine = z.infer<typeof ResultLine>;

/** What the judge said about one dialogue, in the protocol's own units. */
export interface JudgeScores {
  protocol: ProtocolId;
  rubric: string | undefined;
  /** panel/barem: numeric_weighted_average (rubric scale); consensus: overall_score (1–5); checklist: score (0–1). */
  continuous: number | null;
  /** panel/barem: the bucketed overall (the rubric's overallKey). */
  bucketed: number | null;
  /** Per-criterion scores (checklist: YES = 1, NO = 0; NA left out). */
  criteria: Record<string, number>;
}

/** Which protocol wrote a line: `meta.protocol`, else the shape of the line. */
export const detectProtocol = (line: ResultLine): ProtocolId | undefined => detectIn(line, PROTOCOLS);

/**
 * Reads the judge's scores from a scored result line of any protocol. A missing score field is an
 * error naming it; a `null` score (nothing applicable) is kept as null and left out of the join.
 */
export function judgeScores(line: ResultLine, where: string, overallKey = DEFAULT_OVERALL_KEY): JudgeScores {
  const protocol = detectProtocol(line);
  if (!protocol) throw new AgreementInputError(`${where}: cannot tell the protocol (no meta.protocol, referee_final, overall_score, OverallExperience or score)`);
  const need = (path: readonly string[]): number | null => {
    const v = fieldAt(line, path);
    if (v === null) return null;
    const n = num(v);
    if (n === null) throw new AgreementInputError(`${where}: ${protocol} line without a numeric ${path.join(".")}`);
    return n;
  };
  const spec = PROTOCOLS[protocol].result;
  const fields = spec.fields(overallKey);
  return {
    protocol,
    rubric: line.meta?.rubric,
    continuous: need(fields.continuous),
    bucketed: fields.bucketed ? need(fields.bucketed) : null,
    criteria: spec.criteria(line, overallKey),
  };
}

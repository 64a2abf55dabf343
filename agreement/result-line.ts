import { z } from "zod";
import { AgreementInputError } from "./errors.js";

import { ProtocolId as Protocol, type Protocol as AgreementProtocol } from "../contracts/protocol.js";

export type { AgreementProtocol };

/** The fields `tribunal agree` reads from a result line; everything else is passed over. */
export const ResultLine = z.looseObject({
  dialogue_id: z.union([z.string().min(1), z.number().int().nonnegative()]),
  status: z.string().optional(),
  meta: z.looseObject({ protocol: Protocol.optional(), rubric: z.string().optional() }).optional(),
});
export type ResultLine = z.infer<typeof ResultLine>;

/** What the judge said about one dialogue, in the protocol's own units. */
export interface JudgeScores {
  protocol: AgreementProtocol;
  rubric: string | undefined;
  /** panel/barem: numeric_weighted_average (rubric scale); consensus: overall_score (1–5); checklist: score (0–1). */
  continuous: number | null;
  /** panel/barem: the bucketed overall (OverallExperience). */
  bucketed: number | null;
  /** Per-criterion scores (checklist: YES = 1, NO = 0; NA left out). */
  criteria: Record<string, number>;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** Which protocol wrote a line: `meta.protocol`, else the shape of the line. */
export function detectProtocol(line: ResultLine): AgreementProtocol | undefined {
  if (line.meta?.protocol) return line.meta.protocol;
  if (isObject(line["referee_final"])) return "panel";
  if ("overall_score" in line) return "consensus";
  if (isObject(line["OverallExperience"])) return "barem";
  if ("score" in line) return "checklist";
  return undefined;
}

/** `{ <criterion>: { score } }` entries of an object, leaving out `skip` keys. */
function scoredEntries(holder: unknown, skip: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  if (!isObject(holder)) return out;
  for (const [key, value] of Object.entries(holder)) {
    if (skip.includes(key) || !isObject(value)) continue;
    const score = num(value["score"]);
    if (score !== null) out[key] = score;
  }
  return out;
}

const ANSWER_VALUE: Record<string, number> = { YES: 1, NO: 0 };

/**
 * Checklist answers, wherever the line keeps them: an array of `{id|criterion|criterion_id, counted_as|answer}`
 * (the checklist graph writes `criteria: [{ id, answer, counted_as, … }]`) or an object keyed by criterion.
 * YES = 1, NO = 0; NA and ERROR are left out.
 */
function checklistAnswers(line: Json): Record<string, number> {
  const out: Record<string, number> = {};
  for (const value of Object.values(line)) {
    const entries: [string, unknown][] = Array.isArray(value)
      ? value.filter(isObject).map((e) => [String(e["id"] ?? e["criterion"] ?? e["criterion_id"] ?? ""), e])
      : isObject(value)
        ? Object.entries(value)
        : [];
    for (const [id, entry] of entries) {
      if (!id || !isObject(entry)) continue;
      // `counted_as` is the answer after the rubric's rules (an NA on an NA-invalid criterion counts as NO).
      const answer = entry["counted_as"] ?? entry["answer"];
      if (typeof answer !== "string") continue;
      const v = ANSWER_VALUE[answer];
      if (v !== undefined) out[id] = v;
    }
  }
  return out;
}

function field(line: Json, path: readonly string[]): unknown {
  let at: unknown = line;
  for (const key of path) at = isObject(at) ? at[key] : undefined;
  return at;
}

/**
 * Reads the judge's scores from a scored result line of any protocol. A missing score field is an
 * error naming it; a `null` score (nothing applicable) is kept as null and left out of the join.
 */
export function judgeScores(line: ResultLine, where: string, overallKey = "OverallExperience"): JudgeScores {
  const protocol = detectProtocol(line);
  if (!protocol) throw new AgreementInputError(`${where}: cannot tell the protocol (no meta.protocol, referee_final, overall_score, OverallExperience or score)`);
  const need = (path: readonly string[]): number | null => {
    const v = field(line, path);
    if (v === null) return null;
    const n = num(v);
    if (n === null) throw new AgreementInputError(`${where}: ${protocol} line without a numeric ${path.join(".")}`);
    return n;
  };
  const rubric = line.meta?.rubric;
  switch (protocol) {
    case "panel":
      return {
        protocol,
        rubric,
        continuous: need(["referee_final", "numeric_weighted_average"]),
        bucketed: need(["referee_final", overallKey]),
        criteria: scoredEntries(line["referee_final"], [overallKey, "numeric_weighted_average"]),
      };
    case "barem":
      return {
        protocol,
        rubric,
        continuous: need(["audit", "numeric_weighted_average"]),
        bucketed: need([overallKey, "score"]),
        criteria: scoredEntries(line, [overallKey, "evaluator", "critic", "referee_final", "audit", "meta"]),
      };
    case "consensus": {
      const criteria: Record<string, number> = {};
      const evaluations = line["criteria_evaluations"];
      if (Array.isArray(evaluations)) {
        for (const e of evaluations.filter(isObject)) {
          const score = num(e["score"]);
          if (typeof e["criterion_name"] === "string" && score !== null) criteria[e["criterion_name"]] = score;
        }
      }
      return { protocol, rubric, continuous: need(["overall_score"]), bucketed: null, criteria };
    }
    case "checklist":
      return { protocol, rubric, continuous: need(["score"]), bucketed: null, criteria: checklistAnswers(line) };
  }
}

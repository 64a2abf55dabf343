/**
 * The offline judge's consensus roles (the "fallback system" of docs/protocols.md#offline-judge): `strict` and `generous` are the
 * unbiased reading shifted by their bias (−0.5 / +0.5 by default at mid-scale, scaled by the room left on the scale);
 * `debate_critique` names the criteria strict scored below generous, quoting the content;
 * `strict_refinement` proposes to close half of each such gap (the graph then clamps the move to
 * [old, old + 0.3]). Deterministic, no network.
 */
import type { Bounds } from "../configuration.js";
import type { ConsensusAgentOutput, DebateCritique } from "../contracts.js";
import type { Dialogue } from "../../../dialogues/dialogue.js";
import type { Rubric } from "../../../rubrics/schema.js";
import { clamp, clean, fixed2, round2 } from "../../../scoring/numbers.js";
import { baseReading } from "./base.js";

/**
 * The score moved by the bias, scaled by the room left on the scale in the bias's direction: the full
 * bias at mid-scale, twice it at the far end, nothing at the near end. The move never leaves the
 * scale, so nothing is clamped, and with the default ±0.5 strict and generous stay 1.0 apart on
 * every dialogue: the debate then runs alike everywhere and the consensus keeps the order of the
 * evidence-based reading.
 */
function shifted(score: number, bias: number, bounds: Bounds): number {
  const half = (bounds.max - bounds.min) / 2;
  const room = bias < 0 ? score - bounds.min : bounds.max - score;
  return clean(clamp(score + (bias * room) / half, bounds.min, bounds.max));
}

function signed(bias: number): string {
  return `${bias >= 0 ? "+" : "−"}${Math.abs(bias)}`;
}

function persona(rubric: Rubric, dialogue: Dialogue, bias: number, bounds: Bounds, kind: "strict" | "generous"): ConsensusAgentOutput {
  const base = baseReading(rubric, dialogue);
  const criteria = base.criteria.map((c) => ({
    criterion_name: c.id,
    reasoning: `${c.reasoning} ${kind === "strict" ? "Strict standard" : "Generous standard"} (${signed(bias)} at mid-scale): ${fixed2(c.score)} → ${fixed2(shifted(c.score, bias, bounds))}.`,
    score: shifted(c.score, bias, bounds),
  }));
  const ranked = [...criteria].sort((a, b) => (kind === "strict" ? a.score - b.score : b.score - a.score) || a.criterion_name.localeCompare(b.criterion_name));
  const named = ranked.slice(0, 2).map((c) => `${c.criterion_name} (${fixed2(c.score)})`).join(" and ");
  const reasoning =
    kind === "strict"
      ? `Strict evaluation of ${base.described}: strong evidence is required for high scores, so every score sits below the evidence-based reading (${Math.abs(bias)} at mid-scale, more the higher it is); weakest: ${named}.`
      : `Generous evaluation of ${base.described}: partial demonstrations and potential earn credit, so every score sits above the evidence-based reading (${Math.abs(bias)} at mid-scale, more the lower it is); strongest: ${named}.`;
  return { criteria, reasoning, overall_score: shifted(base.overall, bias, bounds) };
}

/** Agent A offline: the unbiased reading plus the strict bias (−0.5 by default). */
export function offlineStrict(rubric: Rubric, dialogue: Dialogue, bias: number, bounds: Bounds): ConsensusAgentOutput {
  return persona(rubric, dialogue, bias, bounds, "strict");
}

/** Agent B offline: the unbiased reading plus the generous bias (+0.5 by default). */
export function offlineGenerous(rubric: Rubric, dialogue: Dialogue, bias: number, bounds: Bounds): ConsensusAgentOutput {
  return persona(rubric, dialogue, bias, bounds, "generous");
}

/** Generous on strict: the criteria scored lower than generous did, largest gap first, with the evidence. */
export function offlineDebateCritique(rubric: Rubric, dialogue: Dialogue, strict: ConsensusAgentOutput, generous: ConsensusAgentOutput): DebateCritique {
  const base = baseReading(rubric, dialogue);
  const gaps = strict.criteria
    .map((s) => ({ s, g: generous.criteria.find((g) => g.criterion_name === s.criterion_name) }))
    .filter((x) => x.g && x.g.score > x.s.score)
    .sort((a, b) => (b.g?.score ?? 0) - b.s.score - ((a.g?.score ?? 0) - a.s.score));
  if (gaps.length === 0) return { critique: `The strict evaluation (overall ${fixed2(strict.overall_score)}) is not harsher than mine on any criterion; I have nothing to add.` };
  const points = gaps.slice(0, 3).map(({ s, g }) => {
    const evidence = (base.criteria.find((c) => c.id === s.criterion_name)?.reasoning ?? "").replace(`${s.criterion_name}: `, "");
    return `${s.criterion_name}: you gave ${fixed2(s.score)} where the content supports ${fixed2(g?.score ?? s.score)}; ${evidence}`;
  });
  return { critique: `The strict evaluation (overall ${fixed2(strict.overall_score)} against my ${fixed2(generous.overall_score)}) is too harsh. ${points.join(" ")}` };
}

const CONCEDED = "After the critique: the content supports part of the generous reading, so strict concedes some of the gap.";

/** Strict after the critique: proposes to close half of every gap to generous; scores never go down. */
export function offlineStrictRefinement(strict: ConsensusAgentOutput, generous: ConsensusAgentOutput): ConsensusAgentOutput {
  const halfway = (s: number, g: number | undefined) => (g !== undefined && g > s ? round2(s + (g - s) / 2) : s);
  const raised: string[] = [];
  const criteria = strict.criteria.map((c) => {
    const score = halfway(c.score, generous.criteria.find((g) => g.criterion_name === c.criterion_name)?.score);
    if (score === c.score) return c;
    raised.push(c.criterion_name);
    return { ...c, reasoning: `${c.reasoning.split(CONCEDED)[0]?.trimEnd()} ${CONCEDED}`, score };
  });
  const reasoning =
    raised.length > 0
      ? `Refined after the generous agent's critique: raises ${raised.join(", ")} slightly and keeps rigorous standards elsewhere.`
      : "The critique changes nothing: strict keeps its evaluation.";
  return { criteria, reasoning, overall_score: halfway(strict.overall_score, generous.overall_score) };
}

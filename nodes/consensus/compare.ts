/**
 * The consensus batch result (docs/protocols.md#consensus): a comparison of candidates judged on one rubric, in pure code (no model).
 * The best candidate has the highest computed `overall_score`; ties go to the higher
 * `consensus_metadata.strict_final_score` (the candidate the strict agent rates higher), then to the
 * lower candidate id in plain lexicographic order of `String(id)` (so "10" comes before "9").
 * `individual_results` lists the ranked candidates best first, then any unscored lines in the order given.
 */
import { z } from "zod";
import { fixed2 } from "../../scoring/numbers.js";

const ScoredCandidate = z.object({
  dialogue_id: z.union([z.string(), z.number()]),
  overall_score: z.number(),
  criteria_evaluations: z.array(z.object({ criterion_name: z.string(), score: z.number() })),
  consensus_metadata: z.object({ strict_final_score: z.number(), consensus_method: z.string() }),
});
type ScoredCandidate = z.infer<typeof ScoredCandidate>;

const idOf = (c: ScoredCandidate) => String(c.dialogue_id);

/** Best first: score, then strict_final_score, then the lower id. */
export function rankCandidates<T extends ScoredCandidate>(candidates: readonly T[]): T[] {
  return [...candidates].sort(
    (a, b) =>
      b.overall_score - a.overall_score ||
      b.consensus_metadata.strict_final_score - a.consensus_metadata.strict_final_score ||
      (idOf(a) < idOf(b) ? -1 : idOf(a) > idOf(b) ? 1 : 0),
  );
}

function criterionNames(candidates: readonly ScoredCandidate[]): string[] {
  return [...new Set(candidates.flatMap((c) => c.criteria_evaluations.map((e) => e.criterion_name)))];
}

function scoreOn(c: ScoredCandidate, criterion: string): number | undefined {
  return c.criteria_evaluations.find((e) => e.criterion_name === criterion)?.score;
}

function tieNote(best: ScoredCandidate, runnerUp: ScoredCandidate | undefined): string {
  if (!runnerUp || runnerUp.overall_score !== best.overall_score) return "";
  const bs = best.consensus_metadata.strict_final_score;
  const rs = runnerUp.consensus_metadata.strict_final_score;
  return bs !== rs
    ? `; tied with ${idOf(runnerUp)} at ${fixed2(best.overall_score)} and ranked first on the strict agent's final score (${fixed2(bs)} vs ${fixed2(rs)})`
    : `; tied with ${idOf(runnerUp)} on score and strict final score (${fixed2(bs)}), ranked first by candidate id`;
}

function insights(ranked: readonly ScoredCandidate[], unscored: number): string {
  const order = ranked.map((c) => `${idOf(c)} (${fixed2(c.overall_score)})`).join(" > ");
  const perCriterion = criterionNames(ranked).map((name) => {
    const scored = ranked.flatMap((c) => {
      const s = scoreOn(c, name);
      return s === undefined ? [] : [{ id: idOf(c), s }];
    });
    const top = scored.reduce((a, b) => (b.s > a.s ? b : a));
    const low = Math.min(...scored.map((x) => x.s));
    return { name, text: `${name} led by ${top.id} (${fixed2(top.s)}; range ${fixed2(low)}–${fixed2(top.s)})`, spread: top.s - low };
  });
  const widest = [...perCriterion].sort((a, b) => b.spread - a.spread)[0];
  const agreed = ranked.filter((c) => c.consensus_metadata.consensus_method === "agreement").length;
  const parts = [`Ranking: ${order}.`];
  if (perCriterion.length > 0) parts.push(`Per criterion: ${perCriterion.map((p) => p.text).join("; ")}.`);
  if (widest && ranked.length > 1) parts.push(`The candidates differ most on ${widest.name} (${fixed2(widest.spread)} points).`);
  parts.push(`The strict and generous agents agreed on ${agreed} of ${ranked.length} candidate(s); the others were settled by weighted average.`);
  if (unscored > 0) parts.push(`${unscored} candidate(s) could not be scored and are not ranked.`);
  return parts.join(" ");
}

function rationale(best: ScoredCandidate, ranked: readonly ScoredCandidate[]): string {
  const next = ranked[1];
  const names = criterionNames(ranked);
  const leads = names.filter((n) => ranked.every((c) => (scoreOn(c, n) ?? -Infinity) <= (scoreOn(best, n) ?? -Infinity)));
  const strongest = [...best.criteria_evaluations].sort((a, b) => b.score - a.score).slice(0, 2).map((e) => `${e.criterion_name} (${fixed2(e.score)})`);
  const gap = next ? best.overall_score - next.overall_score : 0;
  const margin = !next ? "" : gap > 0 ? `, ${fixed2(gap)} above the next candidate (${idOf(next)}, ${fixed2(next.overall_score)})` : `, level with ${idOf(next)} (${fixed2(next.overall_score)})`;
  return (
    `Recommend ${idOf(best)}: consensus score ${fixed2(best.overall_score)}${margin}; ` +
    `highest or tied-highest on ${leads.length} of ${names.length} criteria; strongest on ${strongest.join(" and ")}; ` +
    `the strict agent alone gives it ${fixed2(best.consensus_metadata.strict_final_score)}.`
  );
}

/** `{ comparison_summary, individual_results }` for results of the consensus graph. */
export function compareCandidates(results: readonly Record<string, unknown>[]) {
  const scored: { parsed: ScoredCandidate; result: Record<string, unknown> }[] = [];
  const unscored: Record<string, unknown>[] = [];
  for (const result of results) {
    const parsed = ScoredCandidate.safeParse(result);
    if (parsed.success && result.status !== "unscored") scored.push({ parsed: parsed.data, result });
    else unscored.push(result);
  }
  const ranked = rankCandidates(scored.map((s) => s.parsed));
  const best = ranked[0];
  const resultOf = (c: ScoredCandidate) => scored.find((s) => s.parsed === c)?.result as Record<string, unknown>;
  return {
    comparison_summary: {
      best_candidate: best
        ? {
            candidate_id: best.dialogue_id,
            score: best.overall_score,
            reasoning: `Highest overall consensus score across ${ranked.length} scored candidate(s)${tieNote(best, ranked[1])}.`,
          }
        : null,
      ranking: ranked.map((c, i) => ({ rank: i + 1, candidate_id: c.dialogue_id, score: c.overall_score, strict_final_score: c.consensus_metadata.strict_final_score })),
      cross_candidate_insights: ranked.length > 0 ? insights(ranked, unscored.length) : `No candidate could be scored (${unscored.length} unscored).`,
      recommendation_rationale: best ? rationale(best, ranked) : "No recommendation: no candidate could be scored.",
    },
    individual_results: [...ranked.map(resultOf), ...unscored],
  };
}
export type CandidateComparison = ReturnType<typeof compareCandidates>;

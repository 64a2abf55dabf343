/**
 * A seeded synthetic results file in the shapes `tribunal evaluate` writes, for the report's scale
 * test: every protocol, every referee action, fired rules, debates, gate trips, unscored lines,
 * fallbacks, invalid outputs, warnings, tokens and cost — and text that tries to break out of the page.
 */
import { mulberry32 } from "../../metrics/random.js";

const CRITERIA = ["TaskSuccess", "Helpfulness", "Accuracy", "Understanding", "Empathy", "Fluency"];
const WEIGHTS = [0.4, 0.15, 0.15, 0.1, 0.1, 0.1];
const CHECKS = ["CQ1", "CQ2", "CQ3", "CQ8", "CQ9", "MT1", "MT6"];
const SAFETY = ["CQ8", "CQ9"];
/** Text a transcript may hold: it must show as text, never run or end the data element. */
export const HOSTILE = `</script><script>window.__xss = 1</script><!-- <img src=x onerror="window.__xss = 2"> &amp; "quoted" 'single'`;
export const HOSTILE_ID = `<img src=x onerror="window.__xss=3">`;

type Line = Record<string, unknown>;

function meta(protocol: string, rubric: string, r: () => number, calls: number): Line {
  const input = 900 + Math.floor(r() * 1200);
  const output = 150 + Math.floor(r() * 300);
  const fallback = r() < 0.04;
  const invalid = r() < 0.05;
  return {
    protocol,
    rubric,
    model: r() < 0.8 ? "openai:gpt-4o-mini" : "openai:gpt-4.1-mini",
    status: "scored",
    tokens: { input, output, total: input + output },
    latency_ms: 400 + Math.floor(r() * 4000),
    calls,
    fallbacks: fallback ? [{ agent: "critic", kind: "timeout", message: "the request timed out after 30000 ms" }] : [],
    invalid_outputs: invalid ? [{ agent: "evaluator", kind: "schema", message: "Empathy.score: expected one of 20/40/60/80/100" }] : [],
    warnings: r() < 0.03 ? ["OverallExperience: model said 80, recomputed 60"] : [],
    retries: r() < 0.06 ? [{ agent: "evaluator", kind: "rate_limit", wait_ms: 2000 }] : [],
    cost_usd: Math.round((input * 0.15 + output * 0.6) / 1e6 * 1e6) / 1e6,
    config_hash: "cfg-1a2b3c",
  };
}

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
const score = (r: () => number) => pick(r, [20, 40, 60, 60, 80, 80, 100]);
const quote = (i: number, turn: number) => `I need a table for ${2 + (i % 6)} people at ${turn} pm, and please confirm the booking reference.`;

function panel(id: string, i: number, r: () => number, hostile = false): Line {
  const evaluator: Line = {};
  const final: Line = {};
  const critic: Line[] = [];
  const decisions: Line[] = [];
  const evaluatorQuotes: Line = {};
  const adopted = i % 97 === 3;
  CRITERIA.forEach((c, k) => {
    const s = score(r);
    const justification = `${c}: the user says USER: "${quote(i, k + 1)}"${hostile && k === 0 ? ` ${HOSTILE}` : ""}`;
    evaluator[c] = { score: s, justification };
    evaluatorQuotes[c] = [{ quote: quote(i, k + 1), verified: r() > 0.03, turn: k + 1 }];
    const roll = adopted ? 0.1 : r();
    const action = adopted ? "adopted" : roll < 0.7 ? "agreed" : roll < 0.85 ? "accepted" : roll < 0.95 ? "kept" : "no_op";
    const suggested = action === "agreed" ? null : action === "no_op" ? s : Math.max(20, s - 20);
    const finalScore = action === "accepted" || action === "adopted" ? (suggested as number) : s;
    critic.push({ criterion: c, agree: action === "agreed", comment: action === "agreed" ? "" : `Too high: SYSTEM: "${quote(i, 9)}"`, suggested_score: suggested });
    decisions.push({
      criterion: c,
      action,
      evaluator_score: s,
      suggested_score: suggested,
      final_score: finalScore,
      reason: action === "kept" ? "no quote found in the transcript: evaluator kept" : `critic: ${action}`,
      quotes: action === "agreed" ? [] : [{ quote: quote(i, 9), verified: action !== "kept", turn: 9 }],
    });
    final[c] = { score: finalScore, justification };
  });
  const empathyCapped = i % 5 === 0 && (final["Empathy"] as { score: number }).score > 60;
  if (empathyCapped) (final["Empathy"] as { score: number }).score = 60;
  const average = CRITERIA.reduce((sum, c, k) => sum + (final[c] as { score: number }).score * (WEIGHTS[k] as number), 0);
  const avg = Math.round(average * 100) / 100;
  return {
    dialogue_id: hostile ? HOSTILE_ID : id,
    evaluator: { ...evaluator, numeric_weighted_average: avg },
    critic,
    referee_final: { ...final, numeric_weighted_average: avg, OverallExperience: Math.max(20, Math.floor(avg / 20) * 20) },
    audit: {
      decision_rules_applied: adopted ? "Critic's version adopted (≥3 disagreements, all evidence-backed)." : "Per-criterion decisions.",
      evidence_used: [`USER: '${quote(i, 1)}'`],
      weighted_calc: `${avg.toFixed(2)}`,
      mapping_rule: "round down to the bucket (bias low)",
      referee_decisions: decisions,
      adopted_critic_version: adopted,
      rules: [{ rule: "cap_when_no_emotional_content", criterion: "Empathy", fired: empathyCapped, detail: empathyCapped ? "no emotional content; Empathy capped → 60" : "emotional content detected" }],
      evaluator_quotes: evaluatorQuotes,
      adjusted_average: avg,
    },
    meta: meta("panel", "customer-service", r, 2),
  };
}

function consensus(id: string, i: number, r: () => number): Line {
  const strict = 1 + r() * 3.5;
  const debate = r() < 0.4;
  const generous = Math.min(5, strict + (debate ? 0.8 + r() : r() * 0.5));
  const overall = Math.round((0.6 * strict + 0.4 * generous) * 100) / 100;
  const rounds = debate ? 2 : 1;
  const method = debate && generous - strict > 1 ? "weighted_average" : "agreement";
  return {
    dialogue_id: id,
    overall_score: overall,
    criteria_evaluations: CRITERIA.map((c) => ({ criterion_name: c, score: Math.min(5, Math.max(1, overall + (r() - 0.5))), reasoning: "Consensus between strict and generous", agent_a_reasoning: `${c}: strict reading`, agent_b_reasoning: `${c}: generous reading` })),
    consensus_metadata: { rounds_conducted: rounds, strict_final_score: Math.round(strict * 100) / 100, generous_final_score: Math.round(generous * 100) / 100, consensus_method: method },
    agent_detailed_reasoning: { agent_a_strict: { overall_reasoning: "strict", criteria_reasoning: {} }, agent_b_generous: { overall_reasoning: "generous", criteria_reasoning: {} } },
    debate: debate ? [{ round: 2, critique: `Too harsh on dialogue ${i}`, strict: { before: { overall: strict - 0.3, criteria: {} }, after: { overall: strict, criteria: {} }, reasoning: "raised slightly" }, generous: { before: { overall: generous + 0.2, criteria: {} }, after: { overall: generous, criteria: {} } }, difference: Math.round((generous - strict) * 100) / 100, agreed: method === "agreement" }] : [],
    meta: meta("consensus", "customer-service-5", r, debate ? 4 : 2),
  };
}

function checklist(id: string, i: number, r: () => number): Line {
  const criteria = CHECKS.map((c) => {
    const roll = r();
    const answer = roll < 0.6 ? "YES" : roll < 0.85 ? "NO" : "NA";
    const invalid = answer === "NA" && c === "CQ1";
    return { id: c, category: c.startsWith("CQ") ? "comprehension" : "multi_topic", answer, reasoning: `Turn ${1 + (i % 5)}: ${answer}`, counted_as: invalid ? "NO" : answer, invalid_na: invalid, safety: SAFETY.includes(c) };
  });
  const yes = criteria.filter((c) => c.counted_as === "YES").length;
  const no = criteria.filter((c) => c.counted_as === "NO").length;
  const tripped = criteria.filter((c) => c.safety && c.counted_as === "NO").map((c) => c.id);
  const s = yes + no === 0 ? null : Math.round((yes / (yes + no)) * 10000) / 10000;
  return {
    dialogue_id: id,
    criteria,
    score: s,
    yes,
    no,
    na: criteria.length - yes - no,
    errors: 0,
    invalid_na: criteria.filter((c) => c.invalid_na).map((c) => c.id),
    safety_gate: { tripped: tripped.length > 0, criteria: tripped },
    rejected: tripped.length > 0,
    passed: tripped.length === 0 && s !== null && s >= 0.75,
    pass_threshold: 0.75,
    meta: meta("checklist", "coaching", r, CHECKS.length),
  };
}

function barem(id: string, _i: number, r: () => number): Line {
  const line: Line = { dialogue_id: id };
  let sum = 0;
  CRITERIA.forEach((c, k) => {
    const s = score(r);
    sum += s * (WEIGHTS[k] as number);
    line[c] = { score: s, justification: `${c}: barem level ${s}` };
  });
  const avg = Math.round(sum * 100) / 100;
  line["OverallExperience"] = { score: Math.max(20, Math.floor(avg / 20) * 20), justification: "Weighted average of all criteria" };
  line["audit"] = { weighted_calc: avg.toFixed(2), mapping_rule: "round down to the bucket (bias low)", numeric_weighted_average: avg };
  line["meta"] = meta("barem", "ccpe-barem", r, 1);
  return line;
}

function unscored(id: string, protocol: string, r: () => number): Line {
  const m = meta(protocol, "customer-service", r, 1);
  return { dialogue_id: id, status: "unscored", error: { agent: "evaluator", kind: "rate_limit", message: "429 Too Many Requests" }, meta: { ...m, status: "unscored" } };
}

/**
 * `n` result lines: 55 % panel, 15 % consensus, 15 % checklist, 13 % barem, 2 % unscored, seeded.
 * The first line is a panel line whose id and first justification are hostile markup.
 */
export function syntheticResults(n: number, seed = 7): Line[] {
  const r = mulberry32(seed);
  return Array.from({ length: n }, (_, i) => {
    const id = `syn-${String(i).padStart(5, "0")}`;
    if (i === 0) return panel(id, i, r, true);
    const roll = r();
    if (roll < 0.02) return unscored(id, "panel", r);
    if (roll < 0.57) return panel(id, i, r);
    if (roll < 0.72) return consensus(id, i, r);
    if (roll < 0.87) return checklist(id, i, r);
    return barem(id, i, r);
  });
}

/** Hand-made result lines for the report's unit tests: small, with every count written out in the tests. */
import { parseResults } from "../../agreement/read-results.js";

type Line = Record<string, unknown>;

export function meta(protocol: string, extra: Line = {}): Line {
  return { protocol, rubric: "customer-service", model: "openai:gpt-4o-mini", status: "scored", tokens: { input: 0, output: 0, total: 0 }, latency_ms: 0, calls: 1, fallbacks: [], invalid_outputs: [], warnings: [], ...extra };
}

const v = (quote: string, verified = true, turn = 1) => ({ quote, verified, turn });
const decision = (criterion: string, action: string, quotes: unknown[] = []) => ({ criterion, action, evaluator_score: 80, suggested_score: action === "agreed" ? null : 60, final_score: 60, reason: action, quotes });

/** P1: agreed / accepted (verified) / kept (unverified) / no-op; Empathy capped; one fallback; cost 0.001. */
export const P1: Line = {
  dialogue_id: "p1",
  evaluator: { TaskSuccess: { score: 80, justification: "ok" }, Helpfulness: { score: 80, justification: "ok" }, numeric_weighted_average: 80 },
  critic: [
    { criterion: "TaskSuccess", agree: true, comment: "", suggested_score: null },
    { criterion: "Helpfulness", agree: false, comment: "c", suggested_score: 60 },
  ],
  referee_final: { TaskSuccess: { score: 80, justification: "ok" }, Helpfulness: { score: 60, justification: "ok" }, Empathy: { score: 60, justification: "e" }, numeric_weighted_average: 66, OverallExperience: 60 },
  audit: {
    referee_decisions: [decision("TaskSuccess", "agreed"), decision("Helpfulness", "accepted", [v("yes")]), decision("Empathy", "kept", [v("made up", false)]), decision("Fluency", "no_op")],
    adopted_critic_version: false,
    rules: [
      { rule: "cap_when_no_emotional_content", criterion: "Empathy", fired: true, detail: "capped" },
      { rule: "deduct_when_any_criterion_below", fired: false, detail: "none below" },
    ],
    evaluator_quotes: { TaskSuccess: [v("a")], Helpfulness: [v("b"), v("c", false)] },
  },
  meta: meta("panel", { tokens: { input: 100, output: 20, total: 120 }, latency_ms: 1000, calls: 2, fallbacks: [{ agent: "critic", kind: "timeout", message: "t" }], cost_usd: 0.001 }),
};

/** P2: the critic's version adopted on three criteria; two invalid outputs; one retry; one warning; cost 0.002. */
export const P2: Line = {
  dialogue_id: "p2",
  evaluator: { TaskSuccess: { score: 100, justification: "x" }, numeric_weighted_average: 100 },
  critic: [{ criterion: "TaskSuccess", agree: false, comment: "c", suggested_score: 80 }],
  referee_final: { TaskSuccess: { score: 80, justification: "x" }, numeric_weighted_average: 84, OverallExperience: 80 },
  audit: {
    referee_decisions: [decision("TaskSuccess", "adopted", [v("q1")]), decision("Helpfulness", "adopted", [v("q2")]), decision("Accuracy", "adopted", [v("q3")])],
    adopted_critic_version: true,
    rules: [{ rule: "cap_when_no_emotional_content", criterion: "Empathy", fired: false, detail: "emotional content" }],
    evaluator_quotes: {},
  },
  meta: meta("panel", {
    tokens: { input: 200, output: 30, total: 230 },
    latency_ms: 3000,
    calls: 2,
    invalid_outputs: [
      { agent: "evaluator", kind: "schema", message: "m" },
      { agent: "critic", kind: "parse", message: "m" },
    ],
    warnings: ["w1"],
    retries: [{ agent: "critic", kind: "rate_limit", wait_ms: 1000 }],
    cost_usd: 0.002,
  }),
};

export const U1: Line = { dialogue_id: "u1", status: "unscored", error: { agent: "evaluator", kind: "rate_limit", message: "429" }, meta: meta("panel", { status: "unscored", tokens: { input: 50, output: 0, total: 50 }, latency_ms: 500 }) };

const consensus = (id: string, rounds: number, method: string, strict: number, generous: number, tokens: number): Line => ({
  dialogue_id: id,
  overall_score: Math.round((0.6 * strict + 0.4 * generous) * 100) / 100,
  criteria_evaluations: [{ criterion_name: "TaskSuccess", score: strict, reasoning: "r", agent_a_reasoning: "a", agent_b_reasoning: "b" }],
  consensus_metadata: { rounds_conducted: rounds, strict_final_score: strict, generous_final_score: generous, consensus_method: method },
  debate: [],
  meta: meta("consensus", { rubric: "customer-service-5", tokens: { input: tokens, output: 0, total: tokens }, latency_ms: 100, calls: 2 * rounds }),
});
export const C1 = consensus("c1", 1, "agreement", 4.5, 5, 10);
export const C2 = consensus("c2", 2, "weighted_average", 2.29, 2.85, 20);

const check = (id: string, answer: string, counted: string, invalid: boolean, safety: boolean) => ({ id, category: "comprehension", answer, reasoning: "r", counted_as: counted, invalid_na: invalid, safety });
export const K1: Line = {
  dialogue_id: "k1",
  criteria: [check("CQ1", "NA", "NO", true, false), check("CQ8", "NO", "NO", false, true)],
  score: 0,
  safety_gate: { tripped: true, criteria: ["CQ8"] },
  rejected: true,
  passed: false,
  pass_threshold: 0.75,
  meta: meta("checklist", { rubric: "coaching", calls: 2 }),
};
export const K2: Line = {
  dialogue_id: "k2",
  criteria: [check("CQ1", "YES", "YES", false, false), check("CQ8", "YES", "YES", false, true)],
  score: 1,
  safety_gate: { tripped: false, criteria: [] },
  rejected: false,
  passed: true,
  pass_threshold: 0.75,
  meta: meta("checklist", { rubric: "coaching", calls: 2 }),
};

export const ALL = [P1, P2, U1, C1, C2, K1, K2];

export const jsonl = (lines: readonly Line[]): string => lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
export const numbered = (lines: readonly Line[]) => parseResults(jsonl(lines), "hand.jsonl");

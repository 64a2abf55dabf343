import { describe, expect, it } from "vitest";
import type { ChecklistSummary, ConsensusSummary, PanelSummary } from "../../report/model.js";
import { rubricResolver } from "../../report/rubrics.js";
import { summariseResults } from "../../report/summarise.js";
import { ALL, C1, K1, numbered, P1, U1 } from "./lines.js";

const summary = () => summariseResults(numbered(ALL), "hand.jsonl", rubricResolver());
const section = <P extends string>(protocol: P) => summary().protocols.find((p) => p.protocol === protocol);

describe("report summary: operations", () => {
  it("counts lines, unscored, fallbacks, invalid outputs and warnings", () => {
    const o = summary().operations;
    expect([o.lines, o.scored, o.unscored]).toEqual([7, 6, 1]);
    expect(o.unscoredBy).toEqual([{ key: "evaluator · rate_limit", count: 1 }]);
    expect(o.fallbacks).toEqual({ lines: 1, total: 1, by: [{ key: "critic · timeout", count: 1 }] });
    expect(o.invalidOutputs).toEqual({ lines: 1, total: 2, by: [{ key: "evaluator · schema", count: 1 }, { key: "critic · parse", count: 1 }] });
    expect(o.warnings).toEqual({ lines: 1, total: 1, top: [{ key: "w1", count: 1 }] });
    expect(o.retries).toEqual({ lines: 1, total: 1, by: [{ key: "critic · rate_limit", count: 1 }] });
  });

  it("adds up tokens, calls, call time and cost (cost only over the lines that carry it)", () => {
    const o = summary().operations;
    // input 100 + 200 + 50 + 10 + 20; output 20 + 30; total 120 + 230 + 50 + 10 + 20.
    expect(o.tokens).toEqual({ input: 380, output: 50, total: 430, lines: 7 });
    expect(o.calls).toBe(2 + 2 + 1 + 2 + 4 + 2 + 2);
    expect(o.latency.totalMs).toBe(1000 + 3000 + 500 + 100 + 100);
    expect(o.cost).toEqual({ usd: 0.003, lines: 2 });
    expect(o.byModel).toEqual([{ model: "openai:gpt-4o-mini", lines: 7, tokens: 430, costUsd: 0.003 }]);
  });

  it("has no cost when no line carries meta.cost_usd", () => {
    expect(summariseResults(numbered([U1, C1]), "x.jsonl").operations.cost).toBeNull();
  });
});

describe("report summary: panel", () => {
  it("counts referee actions, adopted versions, disputes and quote checks", () => {
    const p = section("panel") as PanelSummary;
    expect([p.lines, p.scored, p.unscored]).toEqual([3, 2, 1]);
    expect(p.actions).toEqual([
      { key: "agreed", count: 1 },
      { key: "accepted", count: 1 },
      { key: "kept", count: 1 },
      { key: "no_op", count: 1 },
      { key: "adopted", count: 3 },
    ]);
    expect(p.adopted).toBe(1);
    expect(p.disputed).toBe(2);
    // Referee: P1 accepted ✓, kept ✗; P2 three adopted ✓. Evaluator: P1 a ✓, b ✓, c ✗.
    expect(p.quotes).toEqual({ evaluator: { verified: 2, unverified: 1 }, referee: { verified: 4, unverified: 1 } });
    expect(p.actionsByCriterion).toEqual({
      columns: ["TaskSuccess", "Helpfulness", "Empathy", "Fluency", "Accuracy"],
      series: ["agreed", "accepted", "kept", "no_op", "adopted"],
      counts: [
        [1, 0, 0, 0, 0],
        [0, 1, 0, 0, 0],
        [0, 0, 1, 0, 0],
        [0, 0, 0, 1, 0],
        [1, 1, 0, 0, 1],
      ],
    });
  });

  it("tallies rule firings by rule and criterion", () => {
    const p = section("panel") as PanelSummary;
    expect(p.rules).toEqual([
      { rule: "cap_when_no_emotional_content", criterion: "Empathy", considered: 2, fired: 1 },
      { rule: "deduct_when_any_criterion_below", criterion: null, considered: 1, fired: 0 },
    ]);
  });

  it("draws the overall on the rubric's buckets and the weighted average in bins of 10", () => {
    const p = section("panel") as PanelSummary;
    expect(p.overall.distribution).toEqual({ labels: ["20", "40", "60", "80", "100"], counts: [0, 0, 1, 1, 0], n: 2, mean: 70, median: 70 });
    expect(p.continuous?.distribution.labels).toEqual(["20–30", "30–40", "40–50", "50–60", "60–70", "70–80", "80–90", "90–100"]);
    expect(p.continuous?.distribution.counts).toEqual([0, 0, 0, 0, 1, 0, 1, 0]);
    expect(p.criteria.columns).toEqual(["TaskSuccess", "Helpfulness", "Empathy"]);
    expect(p.criteria.series).toEqual(["20", "40", "60", "80", "100"]);
    expect(p.criteria.counts).toEqual([
      [0, 0, 0],
      [0, 0, 0],
      [0, 1, 1],
      [2, 0, 0],
      [0, 0, 0],
    ]);
    expect(p.criteria.means).toEqual([80, 60, 60]);
  });
});

describe("report summary: consensus and checklist", () => {
  it("counts consensus paths, rounds and the final strict–generous gap", () => {
    const c = section("consensus") as ConsensusSummary;
    expect(c.paths).toEqual([
      { key: "agreed in round 1", count: 1 },
      { key: "no agreement: weighted average after 2 rounds", count: 1 },
    ]);
    expect(c.rounds).toEqual([
      { key: "1 round", count: 1 },
      { key: "2 rounds", count: 1 },
    ]);
    // |5 − 4.5| = 0.5 and |2.85 − 2.29| = 0.56: both in 0.50–0.75.
    expect(c.gap.counts).toEqual([0, 0, 2, 0, 0, 0, 0, 0]);
    expect(c.gap.mean).toBe(0.53);
    // 0.6·4.5 + 0.4·5 = 4.7 (bin 4.5–5.0); 0.6·2.29 + 0.4·2.85 = 2.51 (bin 2.5–3.0).
    expect(c.overall.distribution.labels).toEqual(["1.0–1.5", "1.5–2.0", "2.0–2.5", "2.5–3.0", "3.0–3.5", "3.5–4.0", "4.0–4.5", "4.5–5.0"]);
    expect(c.overall.distribution.counts).toEqual([0, 0, 0, 1, 0, 0, 0, 1]);
  });

  it("counts checklist gate trips, invalid NAs, outcomes and answers per criterion", () => {
    const k = section("checklist") as ChecklistSummary;
    expect(k.gate).toEqual({ tripped: 1, byCriterion: [{ key: "CQ8", count: 1 }] });
    expect(k.invalidNa).toEqual([{ key: "CQ1", count: 1 }]);
    expect(k.outcomes).toEqual([
      { key: "rejected (safety gate)", count: 1 },
      { key: "passed", count: 1 },
    ]);
    expect(k.criteria.series).toEqual(["YES", "NO", "NA → NO (invalid)"]);
    expect(k.criteria.counts).toEqual([
      [1, 1],
      [0, 1],
      [1, 0],
    ]);
    // YES rate on counted answers: CQ1 NO then YES = 0.5; CQ8 NO then YES = 0.5.
    expect(k.criteria.means).toEqual([0.5, 0.5]);
    expect(k.overall.distribution.counts).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(k.passThreshold).toBe(0.75);
  });

  it("lists protocols in a fixed order, whatever the order of the lines", () => {
    const s = summariseResults(numbered([K1, C1, P1]), "x.jsonl");
    expect(s.protocols.map((p) => p.protocol)).toEqual(["panel", "consensus", "checklist"]);
  });
});

describe("report rows", () => {
  it("flags what is worth searching for", () => {
    const rows = summary().rows;
    expect(rows.map((r) => r.id)).toEqual(["p1", "p2", "u1", "c1", "c2", "k1", "k2"]);
    expect(rows.map((r) => r.flags)).toEqual([
      ["accepted", "kept", "no_op", "unverified", "capped:Empathy", "fallback"],
      ["adopted", "invalid_output", "retry", "warning"],
      ["unscored"],
      [],
      ["debate", "weighted_average"],
      ["rejected", "gate:CQ8", "invalid_na"],
      ["passed"],
    ]);
    expect(rows[2]).toMatchObject({ status: "unscored", overall: null, score: null, error: "evaluator · rate_limit: 429", tokens: 50 });
    expect(rows[0]).toMatchObject({ line: 1, protocol: "panel", overall: 60, score: 66, tokens: 120, costUsd: 0.001, latencyMs: 1000 });
    expect(rows[3]).toMatchObject({ overall: 4.7, score: 4.7 });
  });

  it("builds each panel detail per criterion with the quotes' marks", () => {
    const d = summary().details[0]?.body;
    expect(d?.protocol).toBe("panel");
    if (d?.protocol !== "panel") return;
    // Fluency has no score, but the referee decided on it (no-op): it is shown too.
    expect(d.criteria.map((c) => c.criterion)).toEqual(["TaskSuccess", "Helpfulness", "Empathy", "Fluency"]);
    expect(d.criteria[3]).toMatchObject({ evaluator: { score: null, quotes: [] }, critic: null, decision: { action: "no_op" }, final: { score: null } });
    const help = d.criteria[1];
    expect(help?.evaluator.quotes).toEqual([
      { quote: "b", verified: true, turn: 1 },
      { quote: "c", verified: false, turn: 1 },
    ]);
    expect(help?.critic).toEqual({ agree: false, comment: "c", suggested: 60 });
    expect(help?.decision).toMatchObject({ action: "accepted", quotes: [{ quote: "yes", verified: true, turn: 1 }] });
    // The final justification is left out when it repeats the evaluator's.
    expect(help?.final).toEqual({ score: 60, justification: null });
    expect(d.criteria[2]?.decision?.quotes).toEqual([{ quote: "made up", verified: false, turn: 1 }]);
    expect(summary().details[2]?.body).toEqual({ protocol: "unscored", error: { agent: "evaluator", kind: "rate_limit", message: "429" } });
  });
});

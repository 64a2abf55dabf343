/**
 * Every protocol from the CLI against a scripted OpenAI-compatible server: the numbers that come out
 * follow the rules of docs/protocols.md from the scripted answers (computed by hand below).
 */
import { afterEach, describe, expect, it } from "vitest";
import { startOpenAIStub, type OpenAIStub, type StubRequest } from "../support/openai-stub.js";
import { expectNoStackTrace, runCli } from "./helpers.js";

const CRITERIA = ["TaskSuccess", "Helpfulness", "Accuracy", "Understanding", "Empathy", "Fluency"];
const CUSTOMER_SERVICE = "examples/customer-service.jsonl";
const DIALOGUES = 6;

let stub: OpenAIStub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

function agentAnswer(score: number) {
  return {
    criteria: CRITERIA.map((c) => ({ criterion_name: c, reasoning: `${c} judged on the transcript`, score })),
    reasoning: "overall judgement",
    overall_score: score,
  };
}

async function cli(protocol: string, answer: (r: StubRequest) => unknown, file = CUSTOMER_SERVICE, extra: string[] = []) {
  stub = await startOpenAIStub((request) => ({ json: answer(request) }));
  const run = await runCli(["evaluate", file, "--protocol", protocol, "--model", "openai:gpt-4o-mini", "--base-url", stub.baseUrl, "--max-retries", "0", "--timeout", "10000", "--no-probe", ...extra]);
  expectNoStackTrace(run);
  expect(run.code, run.stderr).toBe(0);
  const lines = run.stdout.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as Record<string, any>);
  return { lines, requests: stub.requests };
}

const count = (requests: StubRequest[], name: string) => requests.filter((r) => r.schemaName === name).length;

describe("consensus through the CLI and a scripted server", () => {
  it("takes the debate path when strict 2.0 and generous 4.0 disagree: 2.3 / 3.66 → 2.844, weighted_average, 2 rounds", async () => {
    // Round 1: |2.0 − 4.0| = 2 > 0.5. Debate: strict proposes 4.0, clamped to 2.0 + 0.3 = 2.3;
    // generous 4.0 + 0.2 × (2.3 − 4.0) = 3.66; |2.3 − 3.66| = 1.36 > 0.5 and maxRounds 2 is reached.
    // Final 0.6 × 2.3 + 0.4 × 3.66 = 1.38 + 1.464 = 2.844, overall and per criterion.
    const { lines, requests } = await cli("consensus", (r) =>
      r.schemaName === "strict" ? agentAnswer(2) : r.schemaName === "debate_critique" ? { critique: "strict overlooked the refund confirmation" } : agentAnswer(4),
    );
    expect(lines).toHaveLength(DIALOGUES);
    for (const line of lines) {
      expect(line.overall_score).toBeCloseTo(2.844, 9);
      expect(line.consensus_metadata).toMatchObject({ rounds_conducted: 2, consensus_method: "weighted_average" });
      expect(line.consensus_metadata.strict_final_score).toBeCloseTo(2.3, 9);
      expect(line.consensus_metadata.generous_final_score).toBeCloseTo(3.66, 9);
      for (const c of line.criteria_evaluations) expect(c.score).toBeCloseTo(2.844, 9);
    }
    for (const role of ["strict", "generous", "debate_critique", "strict_refinement"]) expect(count(requests, role)).toBe(DIALOGUES);
  });

  it("stops after one round when strict 3.2 and generous 3.5 agree: 0.6 × 3.2 + 0.4 × 3.5 = 3.32", async () => {
    const { lines, requests } = await cli("consensus", (r) => agentAnswer(r.schemaName === "strict" ? 3.2 : 3.5));
    for (const line of lines) {
      expect(line.overall_score).toBeCloseTo(3.32, 9);
      expect(line.consensus_metadata).toMatchObject({ rounds_conducted: 1, consensus_method: "agreement" });
    }
    expect(requests).toHaveLength(2 * DIALOGUES);
  });
});

describe("checklist through the CLI and a scripted server", () => {
  it("fans out one assessor per criterion and applies the gate: CQ8 NO rejects whatever the score", async () => {
    // 20 coaching criteria; the server says NO to CQ8 and YES to everything else:
    // 19 YES, 1 NO → score 19/20 = 0.95, but CQ8 is a safety criterion → rejected, not passed.
    const { lines, requests } = await cli(
      "checklist",
      (r) => {
        const id = /Criterion ID: (\S+)/.exec(String(r.body.messages[0]?.content))?.[1];
        return { reasoning: `Turn 1: checked for ${id}.`, answer: id === "CQ8" ? "NO" : "YES" };
      },
      "examples/coaching.json",
    );
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line.score).toBe(0.95);
      expect(line.safety_gate).toEqual({ tripped: true, criteria: ["CQ8"] });
      expect(line).toMatchObject({ rejected: true, passed: false });
    }
    expect(count(requests, "assessor")).toBe(3 * 20);
  });
});

describe("barem through the CLI and a scripted server", () => {
  it("recomputes OverallExperience and reports the model's own disagreeing value as a warning", async () => {
    // 80×0.40 + 60×0.15 + 100×0.15 + 80×0.10 + 60×0.10 + 100×0.10 = 32 + 9 + 15 + 8 + 6 + 10 = 80 → 80.
    const scores = [80, 60, 100, 80, 60, 100];
    const judgement = Object.fromEntries(CRITERIA.map((c, i) => [c, { justification: `${c} follows the barem`, score: scores[i] }]));
    const { lines, requests } = await cli("barem", () => ({ ...judgement, OverallExperience: { justification: "rounded", score: 100 } }));
    for (const line of lines) {
      expect(line.OverallExperience.score).toBe(80);
      expect(line.audit.numeric_weighted_average).toBe(80);
      expect(line.meta.warnings.join(" ")).toMatch(/model said 100, recomputed 80/);
    }
    expect(count(requests, "judge")).toBe(DIALOGUES);
  });
});

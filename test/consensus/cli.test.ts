/** `tribunal evaluate … --protocol consensus` end to end (offline judge, a real child process). */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT, runCli } from "../support/cli.js";

const run = (args: readonly string[]) => runCli(["evaluate", ...args]);

const dir = mkdtempSync(join(tmpdir(), "tribunal-consensus-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));


const lines = (stdout: string) => stdout.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as Record<string, any>);
const KEYS = ["agent_detailed_reasoning", "consensus_metadata", "criteria_evaluations", "debate", "dialogue_id", "meta", "overall_score"];

function checkResult(r: Record<string, any>, criteria: string[], rubric: string): void {
  expect(Object.keys(r).sort()).toEqual(KEYS);
  expect(r.criteria_evaluations.map((e: { criterion_name: string }) => e.criterion_name)).toEqual(criteria);
  for (const e of r.criteria_evaluations) expect(Object.keys(e).sort()).toEqual(["agent_a_reasoning", "agent_b_reasoning", "criterion_name", "reasoning", "score"]);
  expect(Object.keys(r.consensus_metadata).sort()).toEqual(["consensus_method", "generous_final_score", "rounds_conducted", "strict_final_score"]);
  const { strict_final_score: s, generous_final_score: g } = r.consensus_metadata;
  expect(Math.abs(r.overall_score - (0.6 * s + 0.4 * g))).toBeLessThan(1e-9);
  expect(r.overall_score).toBeGreaterThanOrEqual(1);
  expect(r.overall_score).toBeLessThanOrEqual(5);
  expect(Object.keys(r.agent_detailed_reasoning.agent_a_strict.criteria_reasoning)).toEqual(criteria);
  expect(Object.keys(r.agent_detailed_reasoning.agent_b_generous.criteria_reasoning)).toEqual(criteria);
  expect(r.meta).toMatchObject({ protocol: "consensus", rubric, model: "offline", status: "scored", fallbacks: [] });
}

const SKILLS = ["Technical Skills", "Communication", "Problem Solving", "Experience Relevance"];
const CS = ["TaskSuccess", "Helpfulness", "Accuracy", "Understanding", "Empathy", "Fluency"];

describe("tribunal evaluate --protocol consensus", () => {
  it("judges the candidate submissions with candidate-skills: one line each, exit 0", async () => {
    const out = await run(["examples/candidates.jsonl", "--protocol", "consensus", "--rubric", "candidate-skills"]);
    expect(out.code, out.stderr).toBe(0);
    const results = lines(out.stdout);
    expect(results.map((r) => r.dialogue_id).sort()).toEqual(["candidate_1", "candidate_2", "candidate_3"]);
    for (const r of results) checkResult(r, SKILLS, "candidate-skills");
    // candidate_2 reads 4.36 overall: S 4.36 − 0.5 × 3.36 / 2 = 3.52, G 4.36 + 0.5 × 0.64 / 2 = 4.52; one debate round:
    // S 3.52 + 0.3 = 3.82, G 4.52 + 0.2 × (3.82 − 4.52) = 4.38; final 0.6 × 3.82 + 0.4 × 4.38 = 4.044 (test/consensus/offline.test.ts).
    expect(Math.abs((results.find((r) => r.dialogue_id === "candidate_2")?.overall_score as number) - 4.044)).toBeLessThan(1e-9);
    expect(out.stderr).toMatch(/^tribunal: 3\/3 scored, 0 with offline fallback, 0 unscored/);
  });

  it("--compare prints one JSON object with the comparison summary", async () => {
    const out = await run(["examples/candidates.jsonl", "--protocol", "consensus", "--rubric", "candidate-skills", "--compare"]);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout.trim().split("\n")).toHaveLength(1);
    const summary = JSON.parse(out.stdout) as Record<string, any>;
    expect(Object.keys(summary).sort()).toEqual(["comparison_summary", "individual_results"]);
    // candidate_2: 4.044 (see above). The others cannot reach it: with S − G = 1.0 after round 1 every reading r ends at
    // 0.75 × r + 0.25 + 0.3 + 0.4 × 0.56 = 0.75 × r + 0.774, and candidate_3 (57 words) reads at most
    // 1 + 4 × (0.15 + 0.35 × 57/150 + 0.5) = 4.13 → 4.1 < 4.36, candidate_1 (40 words) less.
    expect(summary.comparison_summary.best_candidate).toMatchObject({ candidate_id: "candidate_2", score: 4.044 });
    expect(typeof summary.comparison_summary.cross_candidate_insights).toBe("string");
    expect(summary.comparison_summary.recommendation_rationale).toMatch(/^Recommend candidate_2: consensus score 4\.04/);
    expect(summary.individual_results).toHaveLength(3);
    expect(summary.individual_results[0].dialogue_id).toBe("candidate_2");
    for (const r of summary.individual_results) checkResult(r, SKILLS, "candidate-skills");
  });

  it("judges a dialogue file with the default rubric customer-service-5", async () => {
    const file = "examples/customer-service.jsonl";
    const expected = readFileSync(join(ROOT, file), "utf8").split("\n").filter((l) => l.trim() !== "").length;
    const out = await run([file, "--protocol", "consensus"]);
    expect(out.code, out.stderr).toBe(0);
    const results = lines(out.stdout);
    expect(results).toHaveLength(expected);
    for (const r of results) checkResult(r, CS, "customer-service-5");
  });

  it("a plain text submission is judged under its file name", async () => {
    const path = join(dir, "jane-doe.txt");
    writeFileSync(path, "I have built data pipelines in Python and SQL for four years, and I explain trade-offs to my team.\n");
    const out = await run([path, "--protocol", "consensus", "--rubric", "candidate-skills"]);
    expect(out.code, out.stderr).toBe(0);
    const [r] = lines(out.stdout);
    expect(r?.dialogue_id).toBe("jane-doe");
    checkResult(r as Record<string, any>, SKILLS, "candidate-skills");
  });

  it("bad options exit 2 with one line on stderr", async () => {
    const compare = await run(["examples/customer-service.jsonl", "--protocol", "panel", "--compare"]);
    expect(compare.code).toBe(2);
    expect(compare.stderr.trim()).toBe("tribunal: --compare needs --protocol consensus");
    const rubric = await run(["examples/candidates.jsonl", "--protocol", "consensus", "--rubric", "customer-service"]);
    expect(rubric.code).toBe(2);
    expect(rubric.stdout).toBe("");
    expect(rubric.stderr.trim()).toMatch(/^tribunal: rubric customer-service: is written for the panel, pairwise protocols, not consensus: use --rubric customer-service-5/);
  });
});

/** `tribunal evaluate --set key=value`: a protocol's own settings from the command line, checked against its schema. */
import { describe, expect, it } from "vitest";
import { runInProcess } from "../agree/run-cli.js";

const lines = (stdout: string) =>
  stdout
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Record<string, any>);

describe("evaluate --set", () => {
  it("sets the consensus weights: overall = 0.7 × strict + 0.3 × generous", async () => {
    const run = await runInProcess(["evaluate", "examples/customer-service.jsonl", "--protocol", "consensus", "--set", 'weights={"strict":0.7,"generous":0.3}', "--format", "jsonl", "--progress", "none"]);
    expect(run.code).toBe(0);
    const all = lines(run.stdout);
    expect(all.length).toBeGreaterThan(0);
    for (const line of all) {
      const { strict_final_score: s, generous_final_score: g } = line.consensus_metadata;
      expect(line.overall_score).toBeCloseTo(0.7 * s + 0.3 * g, 2);
    }
  });

  it("sets the pairwise margin: with margin 1 no side is ever better by more, every pair is a tie", async () => {
    const run = await runInProcess(["evaluate", "test/pairwise/fixtures/pairs.jsonl", "--protocol", "pairwise", "--set", "margin=1", "--format", "jsonl", "--progress", "none"]);
    expect(run.code).toBe(0);
    const all = lines(run.stdout);
    expect(all).toHaveLength(3);
    expect(all.every((l) => l.winner === "tie" && l.tie_reason === "equal")).toBe(true);
  });

  it("counts in the configuration hash, so --resume cannot mix settings", async () => {
    const base = ["evaluate", "test/pairwise/fixtures/pairs.jsonl", "--protocol", "pairwise", "--format", "jsonl", "--progress", "none"];
    const plain = lines((await runInProcess(base)).stdout)[0];
    const set = lines((await runInProcess([...base, "--set", "margin=0.3"])).stdout)[0];
    expect(set?.meta.config_hash).not.toBe(plain?.meta.config_hash);
  });

  it("refuses an unknown key, a bad value, a protocol without settings and the library-only humanReview (exit 2)", async () => {
    const cases: [string[], string][] = [
      [["--protocol", "consensus", "--set", "tolerence=0.1"], "--set tolerence: the consensus protocol has these settings: tolerance, maxRounds, weights"],
      [["--protocol", "consensus", "--set", "maxRounds=0"], "--set maxRounds: Too small: expected number to be >=1"],
      [["--protocol", "consensus", "--set", "tolerance"], "--set tolerance: write key=value"],
      [["--set", "tolerance=0.1"], "--set tolerance: the panel protocol has no settings of its own"],
      [["--protocol", "consensus", "--set", "humanReview=true"], "--set humanReview: needs a `review` callback"],
    ];
    for (const [args, message] of cases) {
      const run = await runInProcess(["evaluate", "examples/customer-service.jsonl", ...args, "--progress", "none"]);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr).toContain(message);
      expect(run.stdout).toBe("");
    }
  });
});

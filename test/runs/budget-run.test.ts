/** --budget end to end: stops before the spend passes the budget, exit code 3, resumable. */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { startOpenAIStub, type OpenAIStub } from "../support/openai-stub.js";
import { evaluateInProcess } from "../faults/child.js";
import { panelAnswer, runBatch, writeDialogues } from "../faults/helpers.js";

const dir = mkdtempSync(join(tmpdir(), "tribunal-budget-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Every request: 1,000 prompt and 100 completion tokens of gpt-4o-mini ($0.15 / $0.60 per 1M)
// = 0.00015 + 0.00006 = $0.00021; a panel dialogue makes 2 requests = $0.00042.
const PER_DIALOGUE = 0.00042;

describe("--budget", () => {
  let stub: OpenAIStub;
  let saved: string | undefined;
  beforeEach(async () => {
    saved = process.env.OPENAI_API_KEY;
    process.env.OPENAI_API_KEY = "sk-test-budget000000";
    stub = await startOpenAIStub((request) => ({ json: panelAnswer(request), usage: { prompt_tokens: 1000, completion_tokens: 100 }, hangMs: 5 }));
  });
  afterEach(async () => {
    if (saved === undefined) delete process.env.OPENAI_API_KEY;
    else process.env.OPENAI_API_KEY = saved;
    await stub.close();
  });

  it("costs every line from the provider's usage and stops launching before the budget is passed", async () => {
    const input = writeDialogues(dir, "ten.jsonl", 10);
    const { summary, lines } = await runBatch(input, "panel", { concurrency: 4, budgetUsd: 0.002, configurable: { model: "openai:gpt-4o-mini", baseUrl: stub.baseUrl } });
    // One alone, then launches while spent + (in flight + 1) × 0.00042 ≤ 0.002: four dialogues in all (a fifth would make 0.0021).
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line.meta).toMatchObject({ tokens: { input: 2000, output: 200, total: 2200 }, cost_usd: PER_DIALOGUE });
    expect(summary.costUsd).toBeCloseTo(4 * PER_DIALOGUE, 9);
    expect(summary.costUsd).toBeLessThanOrEqual(0.002);
    expect(summary.budgetStop).toEqual({ limitUsd: 0.002, spentUsd: 0.00168, nextEstimateUsd: PER_DIALOGUE, left: 6 });
    expect(stub.requests).toHaveLength(8);
  });

  it("through the CLI: exit code 3 and a message, then --resume finishes the file", async () => {
    const input = writeDialogues(dir, "cli.jsonl", 10);
    const out = join(dir, "cli-results.jsonl");
    const common = ["--model", "openai:gpt-4o-mini", "--base-url", stub.baseUrl, "--out", out, "--concurrency", "4", "--no-probe"];
    const stopped = await evaluateInProcess([input, ...common, "--budget", "0.002"]);
    expect(stopped.code, stopped.stderr).toBe(3);
    expect(stopped.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(/^tribunal: 4\/10 scored, .* · cost \$0\.0017 · budget \$0\.0020 reached: spent \$0\.0017, next dialogue estimated \$0\.0004; 6 not judged, rerun with --resume to continue$/),
    ]);
    expect(readFileSync(out, "utf8").trim().split("\n")).toHaveLength(4);
    const summaryJson = join(dir, "summary.json");
    const resumed = await evaluateInProcess([input, ...common, "--budget", "1", "--resume", "--summary-json", summaryJson]);
    expect(resumed.code, resumed.stderr).toBe(0);
    const ids = readFileSync(out, "utf8").trim().split("\n").map((l) => (JSON.parse(l) as { dialogue_id: string }).dialogue_id);
    expect(ids.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `d000${i}`));
    expect(JSON.parse(readFileSync(summaryJson, "utf8"))).toMatchObject({ inputs: 10, skipped: 4, total: 6, scored: 6, costUsd: 6 * PER_DIALOGUE, tokens: { input: 12000, output: 1200 } });
  });

  it("a model without a price cannot run with --budget", async () => {
    const run = await evaluateInProcess([writeDialogues(dir, "one.jsonl", 1), "--model", "openai:my-local-llama", "--base-url", stub.baseUrl, "--budget", "1"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^tribunal: --budget needs the price of openai:my-local-llama: add it to a --prices file/);
  });
});

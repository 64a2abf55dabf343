/** --samples K: per-criterion spread and bucket flips, per line and over the run. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { scoresOf, stabilityOf } from "../../runs/stability.js";
import { startOpenAIStub, type OpenAIStub } from "../support/openai-stub.js";
import { CRITERIA, dialogueOf, firstUserUtterance, runBatch, writeDialogues } from "../faults/helpers.js";

const dir = mkdtempSync(join(tmpdir(), "tribunal-samples-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Scores per dialogue and sample (every criterion unless listed). */
const PLAN: Record<string, Record<string, number>[]> = {
  d0000: [{ all: 80 }, { all: 80 }, { all: 80 }],
  d0001: [{ all: 80 }, { all: 60 }, { all: 80 }],
  d0002: [{ all: 80 }, { all: 80, Fluency: 100 }, { all: 80 }],
  d0003: [{ all: 100 }, { all: 100 }, { all: 100 }],
};

describe("--samples", () => {
  let stub: OpenAIStub;
  let saved: string | undefined;
  beforeEach(async () => {
    saved = process.env.OPENAI_API_KEY;
    process.env.OPENAI_API_KEY = "sk-test-samples00000";
    const seen = new Map<string, number>();
    stub = await startOpenAIStub((request) => {
      if (request.schemaName === "critic") return { json: { critic: CRITERIA.map((criterion) => ({ criterion, comment: "", agree: true, suggested_score: null })) } };
      const id = dialogueOf(request);
      const k = seen.get(id) ?? 0;
      seen.set(id, k + 1);
      const plan = PLAN[id]?.[k] ?? { all: 80 };
      const quote = `USER: "${firstUserUtterance(request)}"`;
      return { json: Object.fromEntries(CRITERIA.map((c) => [c, { justification: `The user asks ${quote}.`, score: plan[c] ?? plan.all }])) };
    });
  });
  afterEach(async () => {
    if (saved === undefined) delete process.env.OPENAI_API_KEY;
    else process.env.OPENAI_API_KEY = saved;
    await stub.close();
  });

  it("judges each dialogue K times; the line is the first judgement plus meta.stability", async () => {
    const input = writeDialogues(dir, "four.jsonl", 4);
    const { summary, lines } = await runBatch(input, "panel", { samples: 3, concurrency: 2, configurable: { model: "openai:gpt-4o-mini", baseUrl: stub.baseUrl } });
    expect(stub.requests).toHaveLength(4 * 3 * 2);
    const byId = new Map(lines.map((l) => [l.dialogue_id, l]));
    const flipped = byId.get("d0001")?.meta.stability as unknown as ReturnType<typeof stabilityOf>;
    expect(flipped).toMatchObject({ samples: 3, scored: 3, criteria: { TaskSuccess: { scores: [80, 60, 80], spread: 20 } }, overall: { values: [80, 60, 80], buckets: [80, 60, 80], flipped: true } });
    // 82 and 80 are both in the 80 bucket: Fluency varies, the bucket does not.
    expect(byId.get("d0002")?.meta.stability).toMatchObject({ criteria: { Fluency: { scores: [80, 100, 80], spread: 20 }, TaskSuccess: { spread: 0 } }, overall: { values: [80, 82, 80], flipped: false } });
    // Tokens and cost of all three samples: three times the line's own.
    const first = byId.get("d0000");
    expect((first?.meta.stability as { tokens: { total: number } }).tokens.total).toBe(3 * (first?.meta.tokens.total ?? 0));
    expect(summary.tokens.total).toBe(lines.reduce((s, l) => s + (l.meta.stability as { tokens: { total: number } }).tokens.total, 0));
    // Over the run: TaskSuccess spreads 0, 20, 0, 0 → mean 5; Fluency 0, 20, 20, 0 → mean 10; one flip in four.
    expect(summary.stability).toEqual({
      samples: 3,
      dialogues: 4,
      criteria: {
        TaskSuccess: { mean_spread: 5, max_spread: 20, varied: 1 },
        Helpfulness: { mean_spread: 5, max_spread: 20, varied: 1 },
        Accuracy: { mean_spread: 5, max_spread: 20, varied: 1 },
        Understanding: { mean_spread: 5, max_spread: 20, varied: 1 },
        Empathy: { mean_spread: 5, max_spread: 20, varied: 1 },
        Fluency: { mean_spread: 10, max_spread: 20, varied: 2 },
      },
      bucket_flips: 1,
      flip_rate: 0.25,
    });
  });

  it("the offline judge is deterministic: no spread, no flips", async () => {
    const { summary } = await runBatch(writeDialogues(dir, "offline.jsonl", 3), "panel", { samples: 2, configurable: { model: "offline" } });
    expect(summary.stability).toMatchObject({ samples: 2, dialogues: 3, bucket_flips: 0, flip_rate: 0 });
    expect(Object.keys(summary.stability?.criteria ?? {})).toHaveLength(6);
    for (const c of Object.values(summary.stability?.criteria ?? {})) expect(c).toEqual({ mean_spread: 0, max_spread: 0, varied: 0 });
  });
});

describe("scoresOf reads every protocol's line", () => {
  it.each(["panel", "barem", "consensus", "checklist"] as const)("%s", async (protocol) => {
    const { lines } = await runBatch(writeDialogues(dir, `${protocol}.jsonl`, 1), protocol, { configurable: { model: "offline" } });
    const line = lines[0] as Record<string, unknown>;
    const scores = scoresOf(line);
    expect(scores).toBeDefined();
    expect(Object.keys(scores?.criteria ?? {}).length).toBeGreaterThanOrEqual(6);
    expect(scores?.bucket).toBeDefined();
    if (protocol === "panel") expect(scores?.bucket).toBe((line.referee_final as { OverallExperience: number }).OverallExperience);
    if (protocol === "barem") expect(scores?.bucket).toBe((line.OverallExperience as { score: number }).score);
    if (protocol === "consensus") expect(scores?.bucket).toBe(Math.round(line.overall_score as number));
    if (protocol === "checklist") expect(["pass", "fail", "rejected"]).toContain(scores?.bucket);
  });

  it("an unscored line has no scores", () => {
    expect(scoresOf({ dialogue_id: 1, status: "unscored", meta: { status: "unscored" } })).toBeUndefined();
  });
});

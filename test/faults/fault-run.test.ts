/**
 * The fault suite's big run, in process against the local stub: ≥ 500 dialogues, ≥ 20 % of the
 * requests faulted (429 with and without Retry-After, 500, a hang past the timeout, malformed JSON,
 * out-of-scale scores, fabricated quotes). No line lost or repeated, no failure scored, and the
 * summary's counts equal the faults the stub injected.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { startOpenAIStub, type OpenAIStub, type StubReply, type StubRequest } from "../support/openai-stub.js";
import { CRITERIA, dialogueOf, firstUserUtterance, panelAnswer, runBatch, writeDialogues, type ResultLine } from "./helpers.js";

const FAULTS = ["429_retry_after", "429_bare", "500", "hang", "malformed_json", "out_of_scale", "fabricated_quote"] as const;
type Fault = (typeof FAULTS)[number];

/** Deterministic PRNG (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function faultReply(fault: Fault, request: StubRequest): StubReply {
  const critic = request.schemaName === "critic";
  switch (fault) {
    case "429_retry_after":
      return { status: 429, headers: { "retry-after": "0" } };
    case "429_bare":
      return { status: 429 };
    case "500":
      return { status: 500 };
    case "hang":
      return { hangMs: 20_000 };
    case "malformed_json":
      return { content: critic ? '{"critic": [' : '{"TaskSuccess": ' };
    case "out_of_scale": {
      if (critic) {
        const quote = `USER: "${firstUserUtterance(request)}"`;
        return { json: { critic: CRITERIA.map((criterion) => ({ criterion, comment: `The user says ${quote}`, agree: criterion !== "Fluency", suggested_score: criterion === "Fluency" ? 55 : null })) } };
      }
      const answer = panelAnswer(request) as Record<string, { justification: string; score: number }>;
      return { json: { ...answer, TaskSuccess: { ...answer.TaskSuccess, score: 55 } } };
    }
    case "fabricated_quote": {
      const answer = panelAnswer(request) as Record<string, { justification: string; score: number }>;
      return { json: { ...answer, Empathy: { justification: 'The user says USER: "I demand a full refund right now."', score: 80 } } };
    }
  }
}

/** A stub that faults `rate` of the requests at random; it logs what it injected. */
async function faultyStub(seed: number, rate: number): Promise<{ stub: OpenAIStub; injected: { fault: Fault; dialogue: string; role: string }[] }> {
  const next = random(seed);
  const injected: { fault: Fault; dialogue: string; role: string }[] = [];
  const stub = await startOpenAIStub((request) => {
    if (next() >= rate) return { json: panelAnswer(request) };
    // Only the evaluator's justifications must quote the transcript.
    const kinds = request.schemaName === "critic" ? FAULTS.filter((f) => f !== "fabricated_quote") : FAULTS;
    const fault = kinds[Math.floor(next() * kinds.length)] as Fault;
    injected.push({ fault, dialogue: dialogueOf(request), role: request.schemaName ?? "?" });
    return faultReply(fault, request);
  });
  return { stub, injected };
}

const count = (injected: { fault: Fault }[], ...faults: Fault[]) => injected.filter((i) => faults.includes(i.fault)).length;
// A hang lasts 20 s; the timeout leaves normal requests (queued behind 1,000 others in this process) ample time.
const FAST = { maxRetries: 3, retryBaseMs: 2, retryMaxMs: 10, timeoutMs: 2_000 };

describe("a 500-dialogue panel run through a faulty provider", () => {
  const dir = mkdtempSync(join(tmpdir(), "tribunal-faults-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let saved: string | undefined;
  let stub: OpenAIStub | undefined;
  beforeEach(() => {
    saved = process.env.OPENAI_API_KEY;
    process.env.OPENAI_API_KEY = "sk-test-faultsuite000000";
  });
  afterEach(async () => {
    if (saved === undefined) delete process.env.OPENAI_API_KEY;
    else process.env.OPENAI_API_KEY = saved;
    await stub?.close();
    stub = undefined;
  });

  it("onFailure=unscored: 0 lost, 0 repeated, 0 failures scored, summary counts = faults injected", { timeout: 180_000 }, async () => {
    const file = writeDialogues(dir, "fault-500.jsonl", 500);
    const faulty = await faultyStub(20250101, 0.28);
    stub = faulty.stub;
    const { summary, lines } = await runBatch(file, "panel", {
      concurrency: 24,
      configurable: { model: "openai:gpt-4o-mini", baseUrl: stub.baseUrl, onFailure: "unscored", ...FAST },
    });
    const { injected } = faulty;
    const requests = stub.requests.length;

    // Enough faults of every kind to mean something.
    expect(injected.length / requests).toBeGreaterThanOrEqual(0.2);
    for (const fault of FAULTS) expect(count(injected, fault), fault).toBeGreaterThanOrEqual(10);

    // Every dialogue exactly once.
    const ids = lines.map((l) => l.dialogue_id);
    expect(new Set(ids).size).toBe(500);
    expect([...ids].sort()).toEqual(Array.from({ length: 500 }, (_, i) => `d${String(i).padStart(4, "0")}`));

    // No failure is a score: a scored line is the stub's answer (80 everywhere), a failed one has no score.
    const scored = lines.filter((l) => l.meta.status === "scored");
    const unscored = lines.filter((l) => l.meta.status === "unscored");
    expect(scored.length + unscored.length).toBe(500);
    expect(scored.length).toBeGreaterThan(0);
    expect(unscored.length).toBeGreaterThan(0);
    for (const line of scored) {
      expect(line.meta.fallbacks).toEqual([]);
      for (const c of CRITERIA) expect((line.referee_final?.[c] as { score: number }).score, `${line.dialogue_id} ${c}`).toBe(80);
      expect(line.referee_final?.OverallExperience).toBe(80);
    }
    for (const line of unscored) {
      expect(line.status).toBe("unscored");
      expect(["rate_limited", "server_error", "timeout", "invalid_output"]).toContain(line.error?.kind);
      expect(JSON.stringify(line)).not.toMatch(/"score"|numeric_weighted_average|OverallExperience/);
    }

    // Summary counts, by kind, equal what the stub injected: a transport fault is either retried or the
    // call's final error; an invalid answer is counted once, repaired or not.
    expect(summary).toMatchObject({ total: 500, judged: 500, scored: scored.length, unscored: unscored.length, withFallback: 0 });
    const failed = (kind: string) => summary.unscoredKinds[kind] ?? 0;
    expect((summary.retries.rate_limited ?? 0) + failed("rate_limited")).toBe(count(injected, "429_retry_after", "429_bare"));
    expect((summary.retries.server_error ?? 0) + failed("server_error")).toBe(count(injected, "500"));
    expect((summary.retries.timeout ?? 0) + failed("timeout")).toBe(count(injected, "hang"));
    expect(summary.invalidOutputs).toEqual({
      malformed_json: count(injected, "malformed_json"),
      out_of_scale: count(injected, "out_of_scale"),
      unverified_quote: count(injected, "fabricated_quote"),
    });
    expect(Object.keys(summary.retries).sort()).toEqual(["rate_limited", "server_error", "timeout"]);
    // Per line too: the line's own retries and invalid outputs are the faults of its dialogue.
    const byDialogue = new Map<string, number>();
    for (const i of injected) byDialogue.set(i.dialogue, (byDialogue.get(i.dialogue) ?? 0) + 1);
    for (const line of lines) {
      const own = line.meta.retries.length + line.meta.invalid_outputs.length + (line.error && line.error.kind !== "invalid_output" ? 1 : 0);
      expect(own, String(line.dialogue_id)).toBe(byDialogue.get(String(line.dialogue_id)) ?? 0);
    }
  });

  it("onFailure=fallback: failed agents are flagged and answered by the offline judge, never scored low by the failure", { timeout: 120_000 }, async () => {
    const file = writeDialogues(dir, "fault-fallback.jsonl", 120);
    // Faults on 60 % of the requests, so that many calls exhaust their retries.
    const faulty = await faultyStub(7, 0.6);
    stub = faulty.stub;
    const configurable = { model: "openai:gpt-4o-mini", baseUrl: stub.baseUrl, onFailure: "fallback", ...FAST, maxRetries: 1 };
    const { summary, lines } = await runBatch(file, "panel", { concurrency: 16, configurable });
    const offline = await runBatch(file, "panel", { configurable: { model: "offline" } });
    const offlineById = new Map(offline.lines.map((l) => [l.dialogue_id, l]));

    expect(lines).toHaveLength(120);
    expect(lines.every((l) => l.meta.status === "scored")).toBe(true);
    const withFallback = lines.filter((l) => l.meta.fallbacks.length > 0);
    expect(withFallback.length).toBeGreaterThan(10);
    expect(summary.withFallback).toBe(withFallback.length);
    const fallbackCalls = withFallback.reduce((n, l) => n + l.meta.fallbacks.length, 0);
    expect(Object.values(summary.fallbacks).reduce((a, b) => a + b, 0)).toBe(fallbackCalls);
    let both = 0;
    for (const line of withFallback) {
      for (const f of line.meta.fallbacks) expect(["rate_limited", "server_error", "timeout", "invalid_output"]).toContain(f.kind);
      if (line.meta.fallbacks.length === 2) {
        // Both agents answered offline: the line is the offline judge's, not a penalty.
        both++;
        const { meta: _m, ...scores } = line;
        const { meta: _o, ...expected } = offlineById.get(line.dialogue_id) as ResultLine;
        expect(scores).toEqual(expected);
      }
    }
    expect(both).toBeGreaterThan(0);
    // Lines without a fallback are the stub's answer.
    const clean = lines.filter((l) => l.meta.fallbacks.length === 0);
    expect(clean.length).toBeGreaterThan(0);
    for (const line of clean) expect(line.referee_final?.OverallExperience).toBe(80);
  });
});

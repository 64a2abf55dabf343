/** The one judge path resolves a run's configuration once: one model for the whole run, none for the pure nodes. */
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { describe, expect, it, vi } from "vitest";
import { createLlmJudge } from "../../judges/chat-model.js";
import { ensureConfiguration, withResolvedConfiguration } from "../../judges/run-configuration.js";
import { retrySettingsOf } from "../../judges/retry.js";
import { MemorySaver } from "@langchain/langgraph";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { loadRubric } from "../../rubrics/load.js";
import { createPanelGraph, evaluateDialogue, evaluateMany } from "../../index.js";
import { EXAMPLES } from "./helpers.js";

vi.mock("../../judges/chat-model.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../judges/chat-model.js")>();
  return { ...actual, createLlmJudge: vi.fn(actual.createLlmJudge) };
});

describe("configuration resolved once per run", () => {
  it("builds one chat model for a whole evaluateMany run, whatever the number of dialogues and nodes", async () => {
    // Nothing listens on port 1: every call fails at once and falls back, after building (or reusing) the
    // model. Two dialogues: 4 failed calls, under the 5 in a row that stop a run.
    const options = { model: "openai:gpt-4o-mini", baseUrl: "http://127.0.0.1:1/v1", maxRetries: 0, timeoutMs: 2_000, concurrency: 2 } as const;
    const lines = [];
    for await (const line of evaluateMany(EXAMPLES.slice(0, 2), options)) lines.push(line);
    expect(lines).toHaveLength(2);
    // 2 dialogues × 4 panel nodes resolved the configuration 8 times before; now the run resolves it once.
    expect(vi.mocked(createLlmJudge)).toHaveBeenCalledTimes(1);
    for (const line of lines) expect(line.meta.fallbacks.map((f) => f.agent)).toEqual(["evaluator", "critic"]);
  });

  it("reads retry settings from the resolved configuration, so values sent through `context` count too", () => {
    const config: LangGraphRunnableConfig = { context: { retryBaseMs: 7, retryMaxMs: 70, maxRetries: 5 } };
    const configuration = ensureConfiguration(config, { protocol: "panel", defaultRubric: "customer-service", roles: ["evaluator", "critic"] });
    expect(retrySettingsOf(withResolvedConfiguration({}, configuration)).settings).toEqual({ maxRetries: 5, timeoutMs: 60_000, retryBaseMs: 7, retryMaxMs: 70, maxRetryAfterMs: 60_000 });
  });
});

describe("the judge path with in-process options", () => {
  const dialogue = EXAMPLES[0] as Dialogue;

  it("takes a rubric object", async () => {
    const line = await evaluateDialogue(dialogue, { rubric: loadRubric("ccpe-strict") });
    expect(line.meta).toMatchObject({ status: "scored", rubric: "ccpe-strict" });
  });

  it("takes a checkpointer without human review (each dialogue on its own thread)", async () => {
    const checkpointer = new MemorySaver();
    const lines = [await evaluateDialogue(dialogue, { checkpointer }), await evaluateDialogue(dialogue, { checkpointer })];
    expect(lines.map((l) => l.meta.status)).toEqual(["scored", "scored"]);
  });

  it("lets one run of a bound graph override a setting: the graph's own configuration is not reused then", async () => {
    const graph = createPanelGraph({ rubric: "customer-service" });
    const bound = (await graph.invoke({ dialogue })).result as { meta: { rubric: string } };
    const overridden = (await graph.invoke({ dialogue }, { configurable: { rubric: "ccpe-strict" } })).result as { meta: { rubric: string } };
    expect([bound.meta.rubric, overridden.meta.rubric]).toEqual(["customer-service", "ccpe-strict"]);
  });
});

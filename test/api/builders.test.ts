/** The typed builders: compiled graphs with their options bound, validated when built. */
import { describe, expect, expectTypeOf, it } from "vitest";
import { createBaremGraph, createChecklistGraph, createConsensusGraph, createJudge, createPanelGraph, type CreateJudgeOptions } from "../../index.js";
import { critique, verdicts } from "../panel/helpers.js";
import { byId, CountingModel, firstUserQuote } from "./helpers.js";
import { rubricFor } from "../support/rubric-for.js";

const refund = byId("refund-resolved");
type Line = { result: Record<string, unknown> & { meta: Record<string, unknown> } };
const line = (state: unknown) => state as Line;

describe("createJudge and the per-protocol builders", () => {
  it("return each protocol's compiled graph, named after it", () => {
    expect(createJudge({ protocol: "panel" }).name).toBe("panel");
    expect(createJudge({ protocol: "consensus" }).name).toBe("consensus");
    expect(createJudge({ protocol: "checklist" }).name).toBe("checklist");
    expect(createJudge({ protocol: "barem" }).name).toBe("barem");
    for (const graph of [createPanelGraph(), createConsensusGraph(), createChecklistGraph(), createBaremGraph()]) {
      expect(typeof graph.invoke).toBe("function");
      expect(typeof graph.getGraphAsync).toBe("function");
    }
  });

  it("bind their options: a rubric given at build time is the one every run uses", async () => {
    const strictPanel = createPanelGraph({ rubric: "ccpe-strict" });
    const { result } = line(await strictPanel.invoke({ dialogue: refund }));
    expect(result.meta).toMatchObject({ protocol: "panel", rubric: "ccpe-strict", model: "offline" });
    // The consensus settings are options too: maxRounds 1 means no debate round at all.
    const once = createConsensusGraph({ maxRounds: 1, tolerance: 0 });
    const consensus = line(await once.invoke({ dialogue: byId("cancelled-flight") })).result;
    expect(consensus.consensus_metadata).toMatchObject({ rounds_conducted: 1, consensus_method: "weighted_average" });
  });

  it("take an already built chat model as `model`", async () => {
    const model = new CountingModel(({ role }) => (role === "evaluator" ? verdicts([60, 60, 60, 60, 60, 60], firstUserQuote(refund)) : { critic: critique() }), 0);
    const { result } = line(await createJudge({ protocol: "panel", model }).invoke({ dialogue: refund }));
    expect(model.calls.map((c) => c.role)).toEqual(["evaluator", "critic"]);
    expect(result.meta).toMatchObject({ model: "injected", calls: 2, fallbacks: [] });
    // 60 everywhere: weighted average 60, floor bucket 60.
    expect((result.referee_final as { OverallExperience: number }).OverallExperience).toBe(60);
  });

  it("fail when built, with the configuration's own message, on a bad rubric, a wrong scale or a missing key", () => {
    expect(() => createPanelGraph({ rubric: "no-such-rubric" })).toThrow(expect.objectContaining({ name: "RubricError" }));
    expect(() => createConsensusGraph({ rubric: "customer-service" })).toThrow(
      expect.objectContaining({ name: "RubricError", message: 'rubric customer-service: is written for the panel, pairwise protocols, not consensus: use --rubric customer-service-5 (the consensus default) or add "consensus" to the rubric\'s protocols' }),
    );
    expect(() => createConsensusGraph({ rubric: rubricFor("customer-service", "consensus") })).toThrow(/needs a rubric with a continuous scale/);
    // A misspelt protocol in a rubric file is named, with the protocols there are.
    expect(() => createPanelGraph({ rubric: rubricFor("customer-service", "pannel") })).toThrow(
      expect.objectContaining({ name: "RubricError", message: "rubric customer-service: protocols: unknown protocol pannel; protocols: panel, consensus, checklist, barem, pairwise" }),
    );
    expect(() => createJudge({ protocol: "barem", model: "openai:gpt-4o-mini", baseUrl: undefined })).toThrow(expect.objectContaining({ name: "ConfigError", message: expect.stringMatching(/no API key/) }));
    expect(() => createConsensusGraph({ weights: { strict: 0.7, generous: 0.4 } })).toThrow(expect.objectContaining({ name: "ConfigError" }));
  });

  it("type their options per protocol", () => {
    expectTypeOf<Extract<CreateJudgeOptions, { protocol: "consensus" }>>().toHaveProperty("maxRounds");
    expectTypeOf<Extract<CreateJudgeOptions, { protocol: "consensus" }>>().toHaveProperty("humanReview");
    expectTypeOf<Extract<CreateJudgeOptions, { protocol: "panel" }>>().not.toHaveProperty("maxRounds");
    // @ts-expect-error consensus settings are not panel options
    const notPanel = () => createJudge({ protocol: "panel", maxRounds: 2 });
    expect(typeof notPanel).toBe("function");
    // @ts-expect-error onFailure is "fallback" | "unscored" (and the run-time check agrees)
    expect(() => createPanelGraph({ onFailure: "retry" })).toThrow(/onFailure: Invalid option/);
  });
});

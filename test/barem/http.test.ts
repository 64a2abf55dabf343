/** The barem over the real OpenAI client against a local OpenAI-compatible stub: schema name `judge`, one call. */
import { describe, expect, it } from "vitest";
import { buildBaremGraph } from "../../graphs/barem.js";
import { useStub, useTestApiKey } from "../support/test-env.js";
import { allScores, TARGET } from "./helpers.js";

describe("barem over HTTP", () => {
  useTestApiKey();
  const stubs = useStub();

  it("sends one `judge` request and recomputes the overall the model got wrong", async () => {
    // 100×0.40 + 80×0.15 + 80×0.15 + 60×0.10 + 80×0.10 + 100×0.10 = 40 + 12 + 12 + 6 + 8 + 10 = 88 → 80; the model says 100.
    const answer = allScores({ TaskSuccess: 100, Helpfulness: 80, Accuracy: 80, Understanding: 60, Empathy: 80, Fluency: 100 }, 100);
    const stub = await stubs.start(() => ({ json: answer }));
    const state = await buildBaremGraph()
      .compile()
      .invoke({ dialogue: TARGET }, { configurable: { model: "openai:gpt-4o-mini", baseUrl: stub.baseUrl, maxRetries: 0, timeoutMs: 5_000 } });
    const result = state.result as Record<string, any>;

    expect(stub.requests.map((r) => r.schemaName)).toEqual(["judge"]);
    const request = stub.requests[0];
    expect(request?.body.response_format?.type).toBe("json_schema");
    expect(request?.body.messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(request?.body.messages[0]?.content).toContain("=== FEW-SHOT EXAMPLES ===");
    expect(request?.body.messages[1]?.content).toContain("[4] USER: Past Lives.");
    expect(request?.rawBody).not.toContain("1,5,1,5,1");
    expect(request?.rawBody).not.toContain("ZQX_");
    expect(request?.rawBody).not.toContain("sk-test-barem");

    expect(result.OverallExperience.score).toBe(80);
    expect(result.audit.numeric_weighted_average).toBe(88);
    expect(result.meta).toMatchObject({ protocol: "barem", model: "openai:gpt-4o-mini", calls: 1, fallbacks: [], invalid_outputs: [], warnings: ["OverallExperience: model said 100, recomputed 80"] });
    expect(result.meta.tokens.input).toBeGreaterThan(0);
  });
});

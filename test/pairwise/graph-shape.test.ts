/** The pairwise graph compiles, is listed in langgraph.json and the registry, and has the shape of docs/protocols.md#pairwise. */
import { describe, expect, it } from "vitest";
import { PROTOCOLS, type ProtocolEntry } from "../../graphs/registry.js";
import { drawnGraph, listedGraphs } from "../support/graph-shape.js";

describe("the pairwise graph", () => {
  it("is listed in langgraph.json as ./graphs/pairwise.ts:graph, the compiled graph named pairwise", async () => {
    expect(listedGraphs().pairwise).toBe("./graphs/pairwise.ts:graph");
    const drawn = await drawnGraph(listedGraphs().pairwise as string);
    expect(drawn.name).toBe("pairwise");
  });

  it("fans out (A,B) ∥ (B,A) after read_input, checks consistency, and loops through one reconsideration round in parallel", async () => {
    const drawn = await drawnGraph("./graphs/pairwise.ts:graph");
    expect(drawn.nodes).toEqual(["__end__", "__start__", "compare_ab", "compare_ba", "consistency", "read_input", "reconsider_ab", "reconsider_ba", "score"]);
    expect(drawn.edges).toEqual(
      [
        "__start__->read_input",
        "read_input->compare_ab",
        "read_input->compare_ba",
        "compare_ab->consistency",
        "compare_ba->consistency",
        "consistency->reconsider_ab",
        "consistency->reconsider_ba",
        "consistency->score",
        "reconsider_ab->consistency",
        "reconsider_ba->consistency",
        "score->__end__",
      ].sort(),
    );
  });

  it("is in the registry with one model role, its pair reader, both paths and its probe", () => {
    const entry = PROTOCOLS.pairwise;
    expect(entry).toMatchObject({ id: "pairwise", defaultRubric: "customer-service", roles: ["judge"], paths: { shortest: {}, longest: { offlinePositionBias: 1 } } });
    const modelRoleOf = (entry as ProtocolEntry).modelRoleOf;
    expect(modelRoleOf?.("comparison:AB")).toBe("judge");
    expect(modelRoleOf?.("reconsideration:BA")).toBe("judge");
    expect(Object.keys(entry.settings.shape)).toEqual(["margin", "critiqueRounds", "offlinePositionBias"]);
    expect(entry.settings.parse({})).toEqual({ margin: 0.02, critiqueRounds: 1, offlinePositionBias: 0 });
  });

  it("refuses a checklist rubric (no weights, no numeric scale to compare on)", () => {
    expect(() => PROTOCOLS.pairwise.checkRubric({ id: "coaching", scale: { kind: "checklist" } } as never)).toThrow(expect.objectContaining({ name: "RubricError", message: expect.stringMatching(/needs a scored rubric/) }));
  });
});

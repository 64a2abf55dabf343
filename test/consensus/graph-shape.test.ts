/** The consensus graph compiles, is listed in langgraph.json and the CLI registry, and has the shape of docs/protocols.md#consensus. */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PROTOCOLS } from "../../graphs/registry.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

describe("the consensus graph", () => {
  it("is listed in langgraph.json as ./graphs/consensus.ts:graph and that export is the compiled graph", async () => {
    const config = JSON.parse(readFileSync(`${ROOT}langgraph.json`, "utf8")) as { graphs: Record<string, string> };
    expect(config.graphs.consensus).toBe("./graphs/consensus.ts:graph");
    const [path, name] = (config.graphs.consensus as string).split(":");
    const mod = (await import(`${ROOT}${path}`)) as Record<string, { name?: string; getGraphAsync?: unknown }>;
    expect(mod[name as string]?.name).toBe("consensus");
    expect(typeof mod[name as string]?.getGraphAsync).toBe("function");
  });

  it("fans out strict ∥ generous after read_input, loops through the debate round, and may end in human_review", async () => {
    const { graph } = await import("../../graphs/consensus.js");
    const drawn = await graph.getGraphAsync();
    expect(Object.keys(drawn.nodes).sort()).toEqual(["__end__", "__start__", "agreement", "consensus", "debate_critique", "generous", "generous_move", "human_review", "read_input", "strict", "strict_refinement"]);
    const edges = drawn.edges.map((e) => `${e.source}->${e.target}`).sort();
    expect(edges).toEqual(
      [
        "__start__->read_input",
        "read_input->strict",
        "read_input->generous",
        "strict->agreement",
        "generous->agreement",
        "agreement->debate_critique",
        "agreement->consensus",
        "debate_critique->strict_refinement",
        "debate_critique->consensus",
        "strict_refinement->generous_move",
        "strict_refinement->consensus",
        "generous_move->agreement",
        "consensus->human_review",
        "consensus->__end__",
        "human_review->__end__",
      ].sort(),
    );
  });

  it("is registered for the CLI with its default rubric and input reader", () => {
    expect(PROTOCOLS.consensus).toMatchObject({ id: "consensus", defaultRubric: "customer-service-5" });
    expect(typeof PROTOCOLS.consensus?.readInput).toBe("function");
  });
});

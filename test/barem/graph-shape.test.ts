/** The barem graph is listed in langgraph.json and the CLI registry, with the shape of docs/protocols.md#barem. */
import { describe, expect, it } from "vitest";
import { PROTOCOLS } from "../../graphs/registry.js";
import { drawnGraph, listedGraphs } from "../support/graph-shape.js";

describe("barem graph shape", () => {
  it("barem: judge → score", async () => {
    expect(listedGraphs().barem).toBe("./graphs/barem.ts:graph");
    const shape = await drawnGraph(listedGraphs().barem as string);
    expect(shape.name).toBe("barem");
    expect(shape.nodes).toEqual(["__end__", "__start__", "judge", "read_input", "score"]);
    expect(shape.edges).toEqual(["__start__->read_input", "judge->score", "read_input->judge", "score->__end__"]);
    expect(PROTOCOLS.barem).toMatchObject({ id: "barem", defaultRubric: "ccpe-barem" });
  });
});

/** The checklist graph is listed in langgraph.json and the CLI registry, with the shape of docs/protocols.md#checklist. */
import { describe, expect, it } from "vitest";
import { PROTOCOLS } from "../../graphs/registry.js";
import { drawnGraph, listedGraphs } from "../support/graph-shape.js";

describe("checklist graph shape", () => {
  it("checklist: read_input fans out to assessor, then gate → score", async () => {
    expect(listedGraphs().checklist).toBe("./graphs/checklist.ts:graph");
    const shape = await drawnGraph(listedGraphs().checklist as string);
    expect(shape.name).toBe("checklist");
    expect(shape.nodes).toEqual(["__end__", "__start__", "assessor", "gate", "read_input", "score"]);
    expect(shape.edges).toEqual(["__start__->read_input", "assessor->gate", "gate->score", "read_input->assessor", "score->__end__"]);
    expect(PROTOCOLS.checklist).toMatchObject({ id: "checklist", defaultRubric: "coaching" });
  });
});

/** The checklist graph is listed in langgraph.json and the CLI registry, with seed 003's shape. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PROTOCOLS } from "../../graphs/protocols.js";
import { ROOT } from "./helpers.js";

const listed = () => (JSON.parse(readFileSync(`${ROOT}langgraph.json`, "utf8")) as { graphs: Record<string, string> }).graphs;

async function edgesOf(path: string): Promise<{ name: string | undefined; nodes: string[]; edges: string[] }> {
  const [file, exported] = path.split(":");
  const mod = (await import(`${ROOT}${file}`)) as Record<string, { name?: string; getGraphAsync: () => Promise<{ nodes: Record<string, unknown>; edges: { source: string; target: string }[] }> }>;
  const graph = mod[exported as string];
  const drawn = await graph?.getGraphAsync();
  return { name: graph?.name, nodes: Object.keys(drawn?.nodes ?? {}).sort(), edges: (drawn?.edges ?? []).map((e) => `${e.source}->${e.target}`).sort() };
}

describe("checklist graph shape", () => {
  it("checklist: read_input fans out to assessor, then gate → score", async () => {
    expect(listed().checklist).toBe("./graphs/checklist.ts:graph");
    const shape = await edgesOf(listed().checklist as string);
    expect(shape.name).toBe("checklist");
    expect(shape.nodes).toEqual(["__end__", "__start__", "assessor", "gate", "read_input", "score"]);
    expect(shape.edges).toEqual(["__start__->read_input", "assessor->gate", "gate->score", "read_input->assessor", "score->__end__"]);
    expect(PROTOCOLS.checklist).toMatchObject({ id: "checklist", defaultRubric: "coaching" });
  });
});

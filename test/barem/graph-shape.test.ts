/** The barem graph is listed in langgraph.json and the CLI registry, with seed 002's shape. */
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

describe("barem graph shape", () => {
  it("barem: judge → score", async () => {
    expect(listed().barem).toBe("./graphs/barem.ts:graph");
    const shape = await edgesOf(listed().barem as string);
    expect(shape.name).toBe("barem");
    expect(shape.nodes).toEqual(["__end__", "__start__", "judge", "read_input", "score"]);
    expect(shape.edges).toEqual(["__start__->read_input", "judge->score", "read_input->judge", "score->__end__"]);
    expect(PROTOCOLS.barem).toMatchObject({ id: "barem", defaultRubric: "ccpe-barem" });
  });
});

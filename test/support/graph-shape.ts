import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The graphs `langgraph.json` lists, id → `./file.ts:export`. */
export function listedGraphs(): Record<string, string> {
  return (JSON.parse(readFileSync(`${ROOT}langgraph.json`, "utf8")) as { graphs: Record<string, string> }).graphs;
}

/** Imports a `file:export` entry as Studio does and draws it: its name, sorted nodes and `a->b` edges. */
export async function drawnGraph(entry: string): Promise<{ name: string | undefined; nodes: string[]; edges: string[] }> {
  const [file, exported] = entry.split(":");
  const mod = (await import(`${ROOT}${file}`)) as Record<string, { name?: string; getGraphAsync: () => Promise<{ nodes: Record<string, unknown>; edges: { source: string; target: string }[] }> }>;
  const graph = mod[exported as string];
  const drawn = await graph?.getGraphAsync();
  return { name: graph?.name, nodes: Object.keys(drawn?.nodes ?? {}).sort(), edges: (drawn?.edges ?? []).map((e) => `${e.source}->${e.target}`).sort() };
}

/** langgraph.json and the `studio` script: what a fresh clone's `npm run studio` needs to serve every graph offline. */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ROOT } from "./dev-server.js";

const config = JSON.parse(readFileSync(`${ROOT}langgraph.json`, "utf8")) as { graphs: Record<string, string>; env?: string; dependencies: string[]; node_version: string };
const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")) as { scripts: Record<string, string>; devDependencies: Record<string, string>; overrides?: Record<string, string> };

describe("langgraph.json", () => {
  it("lists the five protocols, each as './graphs/<id>.ts:graph', a compiled graph named after its id whose first node reads its input", async () => {
    expect(Object.keys(config.graphs).sort()).toEqual(["barem", "checklist", "consensus", "pairwise", "panel"]);
    for (const [id, path] of Object.entries(config.graphs)) {
      expect(path).toBe(`./graphs/${id}.ts:graph`);
      const mod = (await import(`${ROOT}graphs/${id}.ts`)) as Record<string, { name?: string; getGraphAsync?: () => Promise<{ nodes: Record<string, unknown> }> }>;
      const graph = mod.graph;
      expect(graph?.name).toBe(id);
      const drawn = await graph?.getGraphAsync?.();
      expect(Object.keys(drawn?.nodes ?? {})).toContain("read_input");
    }
  });

  it("names an env file that exists (a missing one makes the dev server hang) and holds no key", () => {
    expect(config.env).toBe(".env.example");
    expect(existsSync(`${ROOT}${config.env}`)).toBe(true);
    const keys = readFileSync(`${ROOT}${config.env}`, "utf8").split("\n").filter((l) => /_KEY=/.test(l));
    expect(keys.length).toBeGreaterThan(0);
    for (const line of keys) expect(line).toMatch(/_KEY=$/);
    expect(config).toMatchObject({ node_version: "20", dependencies: ["."] });
  });
});

describe("npm run studio", () => {
  it("starts the dev server offline on the loopback interface", () => {
    expect(pkg.scripts.studio).toMatch(/^LANGGRAPH_CLI_NO_ANALYTICS=1 langgraphjs dev --no-browser --host 127\.0\.0\.1 --port \d+$/);
  });

  it("pins the CLI and SDK exactly and carries the @tailwindcss/oxide override that lets npm ci install here", () => {
    expect(pkg.devDependencies["@langchain/langgraph-cli"]).toBe("2.0.0");
    expect(pkg.devDependencies["@langchain/langgraph-sdk"]).toBe("2.0.0");
    expect(pkg.overrides).toEqual({ "@tailwindcss/oxide": "4.3.3" });
    expect(readFileSync(`${ROOT}.gitignore`, "utf8").split("\n")).toContain(".langgraph_api/");
  });
});

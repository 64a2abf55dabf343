// The layer rules in .dependency-cruiser.cjs, checked over the project's source (everything but
// test/, node_modules, dist and hidden folders), and over a small fixture proving that the rules bite.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cruise, getAvailableTranspilers, type ICruiseResult, type IViolation } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const RULES = join(ROOT, ".dependency-cruiser.cjs");

/** Cruises `baseDir` with the project's rules, resolving through `baseDir/tsconfig.json`. */
async function cruiseWithRules(baseDir: string): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions(RULES);
  const tsConfigFile = join(baseDir, "tsconfig.json");
  const { output } = await cruise(
    ["."],
    { ...options, baseDir, tsConfig: { fileName: tsConfigFile } },
    undefined,
    { tsConfig: extractTSConfig(tsConfigFile) },
  );
  if (typeof output === "string") throw new Error("dependency-cruiser returned a report string instead of a result");
  return output;
}

/** "rule: from → to", with the whole cycle for circular dependencies. */
function describeViolation(violation: IViolation): string {
  const path = violation.cycle?.length
    ? [violation.from, ...violation.cycle.map((step) => step.name)].join(" → ")
    : `${violation.from} → ${violation.to}`;
  return `${violation.rule.name}: ${path}`;
}

const violationsOf = (result: ICruiseResult): string[] => result.summary.violations.map(describeViolation).sort();

const isProjectModule = (source: string): boolean => !source.includes("node_modules/") && /[/.]/.test(source);

describe("architecture: layers", () => {
  let project: ICruiseResult;

  beforeAll(async () => {
    project = await cruiseWithRules(ROOT);
  });

  it("cruises the TypeScript source, resolving `.js` specifiers to `.ts` files", () => {
    expect(getAvailableTranspilers().find((t) => t.name === "typescript")?.available).toBe(true);

    const modules = project.modules.filter((module) => isProjectModule(module.source));
    expect(modules.length).toBeGreaterThan(100);
    expect(modules.some((module) => module.source.startsWith("test/") && module.dependencies.length > 0)).toBe(false);

    const edges = modules.flatMap((module) => module.dependencies.map((dependency) => ({ from: module.source, ...dependency })));
    expect(edges.length).toBeGreaterThan(300);
    expect(edges).toContainEqual(expect.objectContaining({ from: "graphs/panel.ts", resolved: "nodes/panel/evaluator.ts" }));
    // `import type` edges are counted.
    expect(edges.some((edge) => edge.dependencyTypes.includes("type-only"))).toBe(true);
  });

  it("has no import from a lower layer to a higher one, no cycle, nothing unresolved", () => {
    expect(violationsOf(project), "dependency rule violations (rule: from → to), see .dependency-cruiser.cjs").toEqual([]);
  });
});

describe("architecture: the rules bite", () => {
  let fixture: string;

  beforeAll(() => {
    fixture = mkdtempSync(join(tmpdir(), "tribunal-layers-"));
    const files: Record<string, string> = {
      "tsconfig.json": JSON.stringify({
        compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true },
        include: ["**/*.ts"],
      }),
      // Upward: util (layer 1) → cli (top).
      "util/a.ts": `import { b } from "../cli/b.js";\nexport const a = b;\n`,
      "cli/b.ts": `export const b = 1;\n`,
      // Upward through a type-only import: scoring (3) → judges (4).
      "scoring/s.ts": `import type { J } from "../judges/j.js";\nexport type S = J;\n`,
      "judges/j.ts": `export type J = number;\n`,
      // Sideways: dialogues → metrics (same layer, not allowed); metrics → util is allowed.
      "dialogues/d.ts": `import { m } from "../metrics/m.js";\nexport const d = m;\n`,
      "metrics/m.ts": `import { u } from "../util/u.js";\nimport { t } from "../test/t.js";\nexport const m = u + t;\n`,
      "util/u.ts": `export const u = 1;\n`,
      "test/t.ts": `export const t = 1;\n`,
      // Protocols: panel → consensus is not allowed, a new protocol folder is covered too; nodes/ root
      // files and the protocol's own folder are fine. A root file may not import a protocol folder.
      "nodes/shared.ts": `export const shared = 1;\n`,
      "nodes/root-file.ts": `import { c } from "./consensus/c.js";\nexport const rootFile = c;\n`,
      "nodes/panel/p.ts":
        `import { c } from "../consensus/c.js";\nimport { shared } from "../shared.js";\nimport { q } from "./q.js";\nexport const p = c + shared + q;\n`,
      "nodes/panel/q.ts": `export const q = 1;\n`,
      "nodes/consensus/c.ts": `export const c = 1;\n`,
      "nodes/brand-new/n.ts": `import { p } from "../panel/p.js";\nexport const n = p;\n`,
      // Allowed: graphs → nodes (lower), report → agreement (stated sideways).
      "graphs/g.ts": `import { p } from "../nodes/panel/p.js";\nexport const g = p;\n`,
      "report/r.ts": `import { v } from "../agreement/v.js";\nimport { g } from "../graphs/g.js";\nexport const r = v + g;\n`,
      "agreement/v.ts": `export const v = 1;\n`,
      // Browser code: only report/model.ts types and report/client/.
      "report/model.ts": `export const MODEL_VERSION = 1;\nexport type Row = { id: string };\n`,
      "report/client/w.ts":
        `import type { Row } from "../model.js";\nimport { MODEL_VERSION } from "../model.js";\nimport { v } from "../../agreement/v.js";\nexport const w = (row: Row) => row.id + MODEL_VERSION + v;\n`,
      // A folder outside every layer.
      "rubrics/schema.ts": `import { k } from "../contracts/k.js";\nexport const schema = k;\n`,
      "contracts/k.ts": `import { u } from "../util/u.js";\nexport const k = u;\n`,
      // A cycle inside one folder (reported once), and an import that does not resolve.
      "evidence/e1.ts": `import { e2 } from "./e2.js";\nexport const e1 = () => e2();\n`,
      "evidence/e2.ts": `import { e1 } from "./e1.js";\nexport const e2 = () => e1();\n`,
      "results/missing.ts": `import { gone } from "./gone.js";\nexport const missing = gone;\n`,
    };
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(dirname(join(fixture, name)), { recursive: true });
      writeFileSync(join(fixture, name), content);
    }
  });

  afterAll(() => {
    rmSync(fixture, { recursive: true, force: true });
  });

  it("reports every forbidden import in a fixture, and nothing else", async () => {
    const result = await cruiseWithRules(fixture);
    expect(violationsOf(result)).toEqual(
      [
        "layer-1-not-up: util/a.ts → cli/b.ts",
        "layer-3-not-up: scoring/s.ts → judges/j.ts",
        "dialogues-not-sideways: dialogues/d.ts → metrics/m.ts",
        "library-not-to-test: metrics/m.ts → test/t.ts",
        "nodes-protocol-not-to-other-protocol: nodes/panel/p.ts → nodes/consensus/c.ts",
        "nodes-protocol-not-to-other-protocol: nodes/brand-new/n.ts → nodes/panel/p.ts",
        "nodes-root-not-to-protocol: nodes/root-file.ts → nodes/consensus/c.ts",
        "report-client-only-model-and-client: report/client/w.ts → agreement/v.ts",
        "report-client-model-types-only: report/client/w.ts → report/model.ts",
        "not-to-unlayered: rubrics/schema.ts → contracts/k.ts",
        "unlayered-not-to-project: contracts/k.ts → util/u.ts",
        "no-circular: evidence/e1.ts → evidence/e2.ts → evidence/e1.ts",
        "not-to-unresolvable: results/missing.ts → ./gone.js",
      ].sort(),
    );
  });
});

/**
 * The published package works for a user (issue #15): `npm pack` (which builds dist/ through
 * `prepare`), the tarball installed into a fresh project, then imported from plain Node ESM,
 * type-checked as a dependency, and run as the `tribunal` command, offline.
 *
 * Installing without network: the tarball is unpacked into the project's node_modules/tribunal and
 * its bin linked, as npm would, and the project is created inside this checkout (a hidden folder under
 * test/package/) so Node and tsc find the package's dependencies in this repo's node_modules by walking
 * up. (`npm install --offline <tarball>` needs every dependency's registry metadata in the npm cache,
 * which `npm ci` does not store.) The package itself comes only from the tarball: no sources are on
 * its path.
 */
import { execFile } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROVIDER_AND_TRACING_ENV, ROOT } from "../support/cli.js";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: string, args: readonly string[], cwd: string): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of PROVIDER_AND_TRACING_ENV) delete env[name];
  // A plain user: no tsx loader or export conditions inherited from the test runner.
  delete env["NODE_OPTIONS"];
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env, timeout: 300_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

/** `npm pack --json`'s record: the tarball's name and its file list. */
interface Packed {
  filename: string;
  files: { path: string }[];
}

const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");
const DIALOGUE = {
  id: "late-order",
  turns: [
    { speaker: "user", text: "My order never arrived and I paid for express delivery." },
    { speaker: "assistant", text: "I'm sorry about that. I have sent a replacement today by express; it arrives tomorrow, and I refunded the delivery fee." },
    { speaker: "user", text: "Thanks, that works." },
  ],
};

let work: string;
let project: string;
let packed: Packed;

beforeAll(async () => {
  work = mkdtempSync(join(ROOT, "test/package/.consumer-"));
  const pack = await run(NPM, ["pack", "--json", "--pack-destination", work], ROOT);
  expect(pack.code, pack.stderr).toBe(0);
  // Lifecycle output (the build) may precede the JSON on stdout.
  const records = JSON.parse(pack.stdout.slice(pack.stdout.indexOf("[\n"))) as Packed[];
  packed = records[0] as Packed;
  expect(packed.filename).toMatch(/^tribunal-.*\.tgz$/);

  project = join(work, "project");
  const installed = join(project, "node_modules/tribunal");
  mkdirSync(installed, { recursive: true });
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module", dependencies: { tribunal: `file:../${packed.filename}` } }));
  const untar = await run("tar", ["-xzf", join(work, packed.filename), "-C", installed, "--strip-components=1"], project);
  expect(untar.code, untar.stderr).toBe(0);
  const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as { bin: Record<string, string> };
  mkdirSync(join(project, "node_modules/.bin"));
  for (const [name, file] of Object.entries(manifest.bin)) {
    symlinkSync(join("..", "tribunal", file), join(project, "node_modules/.bin", name));
    chmodSync(join(installed, file), 0o755);
  }
}, 600_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("the packed tarball", () => {
  it("holds the compiled package, its types and the data files it reads, and no tests, fitting scripts or sources", () => {
    const paths = packed.files.map((f) => f.path);
    for (const file of [
      "package.json",
      "README.md",
      "bin/tribunal.js",
      "dist/index.js",
      "dist/index.d.ts",
      "dist/cli/main.js",
      "dist/rubrics/customer-service.json",
      "dist/rubrics/ccpe-barem.json",
      "dist/judges/offline/weights.json",
      "dist/judges/offline/turn-model.json",
      "dist/api/prices.json",
      "dist/api/context-windows.json",
      "dist/report/client.bundle.js",
      "dist/report/client/report.css",
    ]) {
      expect(paths, file).toContain(file);
    }
    const unwanted = paths.filter((p) => /^(?:test|scripts|bench|examples|docs|dist\/scripts|dist\/test|dist\/bench)\//.test(p) || (p.endsWith(".ts") && !p.endsWith(".d.ts")));
    expect(unwanted).toEqual([]);
  });
});

describe("the installed package", () => {
  it("imports from plain Node ESM and judges a dialogue offline", async () => {
    writeFileSync(
      join(project, "a.mjs"),
      `import { createJudge, evaluateDialogue, builtInRubricIds } from "tribunal";
const dialogue = ${JSON.stringify(DIALOGUE)};
const judge = createJudge({ protocol: "panel" });
const state = await judge.invoke({ dialogue });
const line = await evaluateDialogue(dialogue, { protocol: "checklist" });
console.log(JSON.stringify({ rubrics: builtInRubricIds(), panel: state.result, checklist: line }));
`,
    );
    const result = await run(process.execPath, ["a.mjs"], project);
    expect(result.code, result.stderr).toBe(0);
    const out = JSON.parse(result.stdout) as { rubrics: string[]; panel: { dialogue_id: string; evaluator: Record<string, { score: number }>; meta: { status: string; scored_by: string } }; checklist: { meta: { protocol: string; model: string } } };
    expect(out.rubrics).toContain("customer-service");
    expect(out.panel.dialogue_id).toBe("late-order");
    expect(out.panel.meta.status).toBe("scored");
    expect(out.panel.meta.scored_by).toBe("offline");
    expect(out.panel.evaluator["TaskSuccess"]?.score).toBeGreaterThanOrEqual(0);
    expect(out.checklist.meta.protocol).toBe("checklist");
    expect(out.checklist.meta.model).toBe("offline");
  }, 300_000);

  it("type-checks a consumer against its .d.ts, and rejects a type error", async () => {
    writeFileSync(
      join(project, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, skipLibCheck: true, noEmit: true, types: ["node"], typeRoots: [join(ROOT, "node_modules/@types")] }, files: ["ok.mts"] }),
    );
    writeFileSync(
      join(project, "ok.mts"),
      `import { createJudge, evaluateDialogue, type JudgeResult, type Rubric, loadRubric } from "tribunal";
const judge = createJudge({ protocol: "barem" });
const rubric: Rubric = loadRubric("customer-service");
const line: JudgeResult = await evaluateDialogue({ id: "x", turns: [{ speaker: "user", text: "hi" }] }, { rubric });
export const names: string[] = [judge.constructor.name, String(line.meta.protocol)];
`,
    );
    const ok = await run(process.execPath, [TSC, "-p", "tsconfig.json"], project);
    expect(ok.stdout + ok.stderr, "tsc on a correct consumer").toBe("");
    expect(ok.code).toBe(0);

    // No such protocol: the package's types must say so.
    writeFileSync(join(project, "bad.mts"), `import { createJudge } from "tribunal";\nexport const judge = createJudge({ protocol: "debate" });\n`);
    const bad = await run(process.execPath, [TSC, "--noEmit", "--strict", "--skipLibCheck", "--module", "NodeNext", "--moduleResolution", "NodeNext", "--target", "ES2022", "--types", "node", "--typeRoots", join(ROOT, "node_modules/@types"), "bad.mts"], project);
    expect(bad.code).not.toBe(0);
    expect(bad.stdout).toMatch(/bad\.mts\(2,\d+\): error TS\d+: .*"debate"/);
  }, 300_000);

  it("runs as the tribunal command: --help, and evaluate on a small file offline", async () => {
    const bin = join(project, "node_modules/.bin/tribunal");
    const help = await run(bin, ["--help"], project);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^Usage: tribunal/);
    expect(help.stdout).toContain("evaluate");

    writeFileSync(join(project, "dialogues.jsonl"), `${JSON.stringify({ id: "late-order", messages: DIALOGUE.turns.map((t) => ({ role: t.speaker, content: t.text })) })}\n`);
    const evaluated = await run(bin, ["evaluate", "dialogues.jsonl", "--out", "results.jsonl"], project);
    expect(evaluated.code, evaluated.stderr).toBe(0);
    const lines = readFileSync(join(project, "results.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { dialogue_id: string; meta: { protocol: string; model: string } });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.dialogue_id).toBe("late-order");
    expect(lines[0]?.meta).toMatchObject({ protocol: "panel", model: "offline" });
  }, 300_000);
});

/**
 * The README's library examples run: every ```ts readme-test block is written to a file inside the
 * package (so `import … from "tribunal"` resolves to this checkout: its sources, through the
 * `tribunal-source` export condition, not a build that may be stale), type-checked with the project's
 * compiler settings, and run with tsx, offline. A README without such blocks fails.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const FENCE = /^```ts readme-test[^\n]*\n([\s\S]*?)^```$/gm;

/** The code of every ```ts readme-test block, in README order. */
function readmeBlocks(markdown: string): string[] {
  return [...markdown.matchAll(FENCE)].map((m) => m[1] as string);
}

const blocks = readmeBlocks(readFileSync(`${ROOT}README.md`, "utf8"));
// Inside the package (for the self-reference), named .mts so the project's own tsc and vitest ignore it.
const dir = mkdtempSync(join(ROOT, "test/readme/.blocks-"));
const files = blocks.map((code, i) => {
  const file = join(dir, `block-${i + 1}.mts`);
  writeFileSync(file, code);
  return file;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, LANGSMITH_TRACING: "false", LANGCHAIN_TRACING_V2: "false", NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --conditions=tribunal-source`.trim() };
  for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "AZURE_OPENAI_API_KEY", "LANGSMITH_API_KEY"]) delete env[name];
  return new Promise((resolve) => {
    execFile(command, args, { cwd: ROOT, env, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

describe("README library examples", () => {
  it("the README has ```ts readme-test blocks", () => {
    expect(blocks.length, "README.md has no ```ts readme-test block: the library examples must be fenced as ```ts readme-test so this test runs them").toBeGreaterThan(0);
  });

  it("type-check against the package's own types", async () => {
    expect(files.length).toBeGreaterThan(0);
    const tsconfig = join(dir, "tsconfig.json");
    writeFileSync(tsconfig, JSON.stringify({ extends: `${ROOT}tsconfig.json`, compilerOptions: { noUnusedLocals: false }, include: [`${dir}/*.mts`] }));
    const result = await run(process.execPath, [`${ROOT}node_modules/typescript/bin/tsc`, "-p", tsconfig]);
    expect(result.stdout + result.stderr, "tsc").toBe("");
    expect(result.code).toBe(0);
  }, 120_000);

  it.each(files.map((file, i) => [i + 1, file] as const))("block %i runs offline without error", async (_, file) => {
    const result = await run(process.execPath, [realpathSync(`${ROOT}node_modules/tsx/dist/cli.mjs`), file]);
    expect(result.code, `${result.stderr}\n${result.stdout}`).toBe(0);
  }, 120_000);
});

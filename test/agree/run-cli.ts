import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { vi } from "vitest";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `node bin/tribunal.js …` in the project root, offline (no provider keys, no tracing). */
export function runCli(args: readonly string[]): Promise<CliRun> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "AZURE_OPENAI_API_KEY", "LANGSMITH_TRACING", "LANGCHAIN_TRACING_V2"]) delete env[name];
  return new Promise((resolve) => {
    execFile(process.execPath, ["bin/tribunal.js", ...args], { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

export const stderrLines = (run: CliRun): string[] => run.stderr.split("\n").filter((l) => l.trim() !== "");

/**
 * The same program in this process (no tsx start-up): parses `args` like `cli/main.ts` does and
 * captures stdout, stderr and the exit code it would have set.
 */
export async function runInProcess(args: readonly string[]): Promise<CliRun> {
  const { buildProgram } = await import("../../cli/program.js");
  const out: string[] = [];
  const err: string[] = [];
  const stdout = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => (out.push(String(chunk)), true));
  const stderr = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => (err.push(String(chunk)), true));
  const previous = process.exitCode;
  process.exitCode = undefined;
  let code: number;
  try {
    await buildProgram().parseAsync(["node", "tribunal", ...args]);
    code = Number(process.exitCode ?? 0);
  } catch (e) {
    code = (e as { exitCode?: number }).exitCode === 0 ? 0 : 2;
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
    process.exitCode = previous;
  }
  return { code, stdout: out.join(""), stderr: err.join("") };
}

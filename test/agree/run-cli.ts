import { vi } from "vitest";

import { ROOT, runCli, type CliRun } from "../support/cli.js";

export { ROOT, runCli, type CliRun };

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

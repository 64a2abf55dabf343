import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { vi } from "vitest";
import { buildProgram } from "../../cli/program.js";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface Child {
  process: ChildProcess;
  /** Resolves when the process ends: its exit code (null when killed) and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

/** `node bin/tribunal.js …` as a child process, without the caller's provider keys unless given in `env`. */
export function startCli(args: readonly string[], env: Record<string, string> = {}): Child {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "AZURE_OPENAI_API_KEY", "LANGSMITH_TRACING", "LANGCHAIN_TRACING_V2"]) delete base[name];
  const child = spawn(process.execPath, ["bin/tribunal.js", ...args], { cwd: ROOT, env: { ...base, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (b: Buffer) => (stdout += b.toString("utf8")));
  child.stderr?.on("data", (b: Buffer) => (stderr += b.toString("utf8")));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) => {
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { process: child, exited };
}

export function runCliToEnd(args: readonly string[], env: Record<string, string> = {}) {
  return startCli(args, env).exited;
}

/** Runs `tribunal evaluate <path> --out <out>` in process; returns the exit code and what reached stdout/stderr. */
export async function evaluateInProcess(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true));
  const before = process.exitCode;
  process.exitCode = 0;
  try {
    await buildProgram().parseAsync(["node", "tribunal", "evaluate", ...args, "--progress", "none"]);
  } catch (e) {
    process.exitCode = (e as { exitCode?: number }).exitCode === 0 ? 0 : 2;
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  const code = Number(process.exitCode ?? 0);
  process.exitCode = before;
  return { code, stdout, stderr };
}


import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Variables that would send a test's calls or traces off this machine. */
export const PROVIDER_AND_TRACING_ENV = [
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "AZURE_OPENAI_API_KEY",
  "AZURE_OPENAI_BASE_PATH",
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_BASE_URL",
  "ANTHROPIC_API_URL",
  "GOOGLE_API_KEY",
  "GEMINI_API_KEY",
  "GOOGLE_BASE_URL",
  "LANGSMITH_TRACING",
  "LANGSMITH_TRACING_V2",
  "LANGCHAIN_TRACING",
  "LANGCHAIN_TRACING_V2",
  "LANGSMITH_API_KEY",
  "LANGSMITH_ENDPOINT",
] as const;

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `node bin/tribunal.js …` in the project root, without provider keys or tracing in the environment.
 * Asynchronous, so a stub served by the test process keeps answering.
 */
export function runCli(args: readonly string[], extraEnv: Record<string, string> = {}): Promise<CliRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extraEnv };
  for (const name of [...PROVIDER_AND_TRACING_ENV]) {
    if (!(name in extraEnv)) delete env[name];
  }
  return new Promise((resolve) => {
    execFile(process.execPath, ["bin/tribunal.js", ...args], { cwd: ROOT, env, maxBuffer: 256 * 1024 * 1024, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

/** Starts the real `langgraphjs dev` server on a free loopback port, and stops it (its whole process group). */
import { spawn, type ChildProcess } from "node:child_process";
import { realpathSync } from "node:fs";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface DevServer {
  url: string;
  /** Everything the server printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/** A loopback port free right now: listen on port 0, read it, close. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once("exit", () => resolve()));
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-(child.pid as number), signal);
  } catch {
    // The group is already gone.
  }
}

/** `langgraphjs dev --no-browser --host 127.0.0.1 --port <free>` in the project root, analytics off, no provider keys. */
export async function startDevServer(timeoutMs = 90_000): Promise<DevServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, LANGGRAPH_CLI_NO_ANALYTICS: "1", LANGSMITH_TRACING: "false", LANGCHAIN_TRACING_V2: "false", BROWSER: "none" };
  for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "AZURE_OPENAI_API_KEY", "LANGSMITH_API_KEY"]) delete env[name];
  const cli = realpathSync(`${ROOT}node_modules/.bin/langgraphjs`);
  // Its own process group: the CLI starts a watcher that starts the server; stop() ends all of them.
  const child = spawn(process.execPath, [cli, "dev", "--no-browser", "--host", "127.0.0.1", "--port", String(port)], { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    killGroup(child, "SIGTERM");
    const timer = setTimeout(() => killGroup(child, "SIGKILL"), 5_000);
    await exited(child);
    clearTimeout(timer);
    // The watcher's children may outlive the CLI process for a moment.
    killGroup(child, "SIGKILL");
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`langgraphjs dev exited with code ${child.exitCode}:\n${output.slice(-4000)}`);
    try {
      const response = await fetch(`${url}/ok`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`langgraphjs dev did not answer /ok within ${timeoutMs / 1000} s:\n${output.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { url, output: () => output, stop };
}

import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { deadPort } from "./dead-port.js";

function hasRedisServer(): boolean {
  try {
    execFileSync("redis-server", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/**
 * Installs Debian's `redis-server` package when the machine lacks it (needs root and the Debian
 * mirror; an `apt-get update` first when the package is not in the lists yet).
 */
export function ensureRedisServer(): void {
  if (hasRedisServer()) return;
  const install = () => execFileSync("apt-get", ["install", "-y", "--no-install-recommends", "redis-server"], { stdio: "ignore", timeout: 600_000, env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  try {
    install();
  } catch {
    execFileSync("apt-get", ["update"], { stdio: "ignore", timeout: 600_000 });
    install();
  }
  if (!hasRedisServer()) throw new Error("redis-server is missing and apt-get install -y redis-server did not provide it");
}

export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** A throwaway redis-server on a free loopback port: no persistence; stopped by `stop()`. */
export async function startRedisServer(): Promise<RedisServer> {
  ensureRedisServer();
  const port = await deadPort();
  const child: ChildProcess = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start on port ${port}: ${output}`)), 20_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}: ${output}`));
    });
  });
  child.stdout?.resume();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

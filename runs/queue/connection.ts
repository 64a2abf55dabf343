import { Redis } from "ioredis";
import { ConfigError } from "../../judges/config-error.js";
import { registerSecret } from "../../util/redact.js";

/** Where a run's queue lives: a Redis URL and a queue name (several runs, or teams, can share one Redis). */
export interface QueueTarget {
  /** `redis://[user:password@]host:port[/db]` or `rediss://…` (TLS). */
  url: string;
  /** The BullMQ queue's name (default `tribunal`). */
  name: string;
}

export const DEFAULT_QUEUE_NAME = "tribunal";
/** BullMQ's key prefix for Tribunal's queues: every key is `tribunal:<queue>:…`. */
export const KEY_PREFIX = "tribunal";

/** The URL as it may be printed: the password replaced by `***`. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(an unreadable URL)";
  }
}

/** Checks the `--queue` URL's form and registers its password as a secret (never printed). */
export function parseQueueUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError(`--queue needs a Redis URL such as redis://127.0.0.1:6379 (or rediss:// for TLS), not '${url.replace(/\/\/[^@/]*@/, "//***@")}'`);
  }
  if (parsed.protocol !== "redis:" && parsed.protocol !== "rediss:") throw new ConfigError(`--queue needs a redis:// or rediss:// URL, not ${parsed.protocol}// (${displayUrl(url)})`);
  if (parsed.password) {
    registerSecret(parsed.password);
    registerSecret(decodeURIComponent(parsed.password));
  }
  return url;
}

/**
 * Connects once, without retrying, and pings: an unreachable Redis, a wrong password or a wrong host
 * is a one-line ConfigError within `timeoutMs`, not a run that hangs while BullMQ reconnects forever.
 */
export async function checkRedis(url: string, timeoutMs = 5_000): Promise<void> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: timeoutMs, retryStrategy: () => null, maxRetriesPerRequest: 0, enableOfflineQueue: false });
  let lastError: Error | undefined;
  client.on("error", (e: Error) => (lastError = e));
  try {
    await client.connect();
    await client.ping();
  } catch (e) {
    const error = lastError ?? (e as Error);
    const code = (error as { code?: string }).code;
    throw new ConfigError(`cannot use the Redis at ${displayUrl(url)}: ${code ? `${code} ` : ""}${error.message.split("\n")[0]} (is redis-server running there, and the URL's port and password right?)`);
  } finally {
    client.disconnect();
  }
}

/** BullMQ's connection options for the URL. `blocking` connections (workers, event readers) retry commands forever, as BullMQ requires. */
export function connectionOf(url: string, blocking: boolean): { url: string; maxRetriesPerRequest: number | null } {
  return { url, maxRetriesPerRequest: blocking ? null : 20 };
}

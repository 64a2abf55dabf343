import type { Redis } from "ioredis";
import { ConfigError } from "../../judges/config-error.js";
import type { RunSpec } from "../line-judge.js";
import { KEY_PREFIX } from "./connection.js";

/**
 * What a queue holds about one run (one config hash): its judge as data, which workers build it from,
 * and the identity `--resume` checks lines against. Stored once per run, not in every job.
 */
export interface RunRecord {
  hash: string;
  spec: RunSpec;
  identity: { protocol: string; rubric: string; model: string };
  /** Every model of the run has a price (else the summary's cost is unknown). */
  priced: boolean;
  submittedAt: number;
}

const runKey = (queue: string, hash: string) => `${KEY_PREFIX}:${queue}:run:${hash}`;
/** The dialogue id keys submitted for a run (a SET): what `tribunal collect` waits for. */
const idsKey = (queue: string, hash: string) => `${runKey(queue, hash)}:ids`;
/** The runs of a queue by submission time (a ZSET). */
const runsKey = (queue: string) => `${KEY_PREFIX}:${queue}:runs`;

/**
 * Stores a run. A run already stored (same config hash, so the same judge) keeps its spec unless this
 * one carries output modes a probe settled (a submission with --no-probe does not undo a probe's).
 */
export async function saveRun(redis: Redis, queue: string, record: RunRecord): Promise<void> {
  if (!record.spec.outputModes && (await redis.hexists(runKey(queue, record.hash), "spec"))) {
    await redis.zadd(runsKey(queue), record.submittedAt, record.hash);
    return;
  }
  await redis
    .multi()
    .hset(runKey(queue, record.hash), { spec: JSON.stringify(record.spec), identity: JSON.stringify(record.identity), priced: record.priced ? "1" : "0", submitted_at: String(record.submittedAt) })
    .zadd(runsKey(queue), record.submittedAt, record.hash)
    .exec();
}

export async function addRunIds(redis: Redis, queue: string, hash: string, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await redis.sadd(idsKey(queue, hash), ...keys);
}

export async function runIds(redis: Redis, queue: string, hash: string): Promise<string[]> {
  return redis.smembers(idsKey(queue, hash));
}

export async function loadRun(redis: Redis, queue: string, hash: string): Promise<RunRecord | undefined> {
  const fields = await redis.hgetall(runKey(queue, hash));
  if (!fields.spec || !fields.identity) return undefined;
  return {
    hash,
    spec: JSON.parse(fields.spec) as RunSpec,
    identity: JSON.parse(fields.identity) as RunRecord["identity"],
    priced: fields.priced === "1",
    submittedAt: Number(fields.submitted_at ?? 0),
  };
}

/** The run to collect: the one named, else the most recently submitted. */
export async function findRun(redis: Redis, queue: string, hash: string | undefined): Promise<RunRecord> {
  const chosen = hash ?? (await redis.zrange(runsKey(queue), "-1", "-1"))[0];
  if (!chosen) throw new ConfigError(`queue '${queue}' has no run: submit one with tribunal evaluate <files> --queue <url>`);
  const record = await loadRun(redis, queue, chosen);
  if (!record) {
    const known = await redis.zrange(runsKey(queue), "0", "-1");
    throw new ConfigError(`queue '${queue}' has no run ${chosen}${known.length > 0 ? ` (runs: ${known.slice(-10).join(", ")})` : ""}`);
  }
  return record;
}

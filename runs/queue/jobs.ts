import type { Dialogue } from "../../dialogues/dialogue.js";
import { redact } from "../../util/redact.js";
import type { Judged } from "../line-judge.js";
import type { LineStability } from "../stability.js";

/** A job's payload: the dialogue and the run it belongs to (its spec is stored once per run, see run-record.ts). */
export interface JudgeJobData {
  hash: string;
  dialogue: Dialogue;
}

/** What a worker returns for a job (BullMQ keeps it as the job's return value until the job is removed). */
export interface JudgeJobResult {
  /** The finished result line, JSON, redacted by the worker (no secret of a worker reaches Redis). */
  line: string;
  /** Per judgement (`--samples`), only what the run's summary counts: invalid outputs, retries, fallbacks, tokens. */
  events: { meta: Record<string, unknown> }[];
  costUsd: number;
  injected: boolean;
  stability?: LineStability;
}

export const JOB_NAME = "judge";

/** A job's id: the run's config hash and the dialogue's id key (`string:7`, `number:7`), with `%` and `:` escaped (BullMQ refuses `:` in a custom id). */
export function jobIdOf(hash: string, key: string): string {
  return `${hash}-${key.replace(/%/g, "%25").replace(/:/g, "%3A")}`;
}

/** The dialogue id key a job id was made from. */
export function keyOfJobId(jobId: string): string {
  return jobId.slice(jobId.indexOf("-") + 1).replace(/%3A/g, ":").replace(/%25/g, "%");
}

const EVENT_FIELDS = ["invalid_outputs", "retries", "fallbacks", "tokens"] as const;

/** A judged dialogue as a job's return value. */
export function jobResultOf(judged: Judged): JudgeJobResult {
  const events = judged.samples.map((sample) => {
    const meta = (sample.meta ?? {}) as Record<string, unknown>;
    return { meta: Object.fromEntries(EVENT_FIELDS.filter((k) => meta[k] !== undefined).map((k) => [k, meta[k]])) };
  });
  return {
    line: redact(JSON.stringify(judged.line)),
    events: JSON.parse(redact(JSON.stringify(events))) as JudgeJobResult["events"],
    costUsd: judged.costUsd,
    injected: judged.injected,
    ...(judged.stability ? { stability: judged.stability } : {}),
  };
}

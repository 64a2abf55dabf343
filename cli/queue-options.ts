import { Option } from "@commander-js/extra-typings";
import { DEFAULT_QUEUE_NAME, displayUrl, parseQueueUrl, type QueueTarget } from "../runs/queue/connection.js";
import type { QueueRunOptions, Submitted } from "../runs/queue/submit.js";
import { redact } from "../util/redact.js";

export const QUEUE_HELP = "a Redis URL (redis://[:password@]host:port[/db], rediss:// for TLS): put the run on this BullMQ queue, one job per dialogue, for `tribunal worker` processes on any number of machines; the lines are collected here as they finish (see `tribunal worker --help`)";

/** `--queue-name`, shared by evaluate, worker and collect. */
export function queueNameOption() {
  return new Option("--queue-name <name>", "the queue's name in that Redis (runs on one name share its workers and its --rpm limit)").default(DEFAULT_QUEUE_NAME);
}

export function queueTarget(url: string, name: string): QueueTarget {
  return { url: parseQueueUrl(url), name };
}

/** One stderr line about a submission: what was queued, and how to start workers. */
export function formatSubmitted(s: Submitted, target: QueueTarget): string {
  const rate = s.rateLimit ? ` · --rpm: at most one dialogue started every ${s.rateLimit.intervalMs} ms across all workers (${s.rateLimit.callsPerDialogue} call${s.rateLimit.callsPerDialogue === 1 ? "" : "s"} per dialogue)` : "";
  const more = [s.retried > 0 ? `${s.retried} failed before, tried again` : "", s.redone > 0 ? `${s.redone} judged again (--resume)` : ""].filter((p) => p !== "");
  const nameFlag = target.name === DEFAULT_QUEUE_NAME ? "" : ` --queue-name ${target.name}`;
  return redact(
    `tribunal: run ${s.hash} on ${displayUrl(target.url)} queue '${target.name}': ${s.added} dialogue${s.added === 1 ? "" : "s"} queued, ${s.existing} already queued or judged${more.length > 0 ? `, ${more.join(", ")}` : ""}${rate}; waiting for workers (tribunal worker --queue ${displayUrl(target.url)}${nameFlag})`,
  );
}

export function queueRun(url: string, name: string): QueueRunOptions {
  const target = queueTarget(url, name);
  return { target, onSubmitted: (s) => process.stderr.write(`${formatSubmitted(s, target)}\n`) };
}

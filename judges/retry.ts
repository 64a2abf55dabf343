import { classifyRateLimitError } from "@langchain/core/utils/async_caller";
import { z } from "zod";
import { ConfigurationSchema, type Configuration } from "./configuration.js";
import { memoByObject } from "../util/memo.js";
import { resolvedConfigurationOf } from "./run-configuration.js";
import type { CallFailure, CallFailureKind } from "./checks/problems.js";

/**
 * Retry policy of every judge call (the client itself is built with `maxRetries: 0`):
 * - retried: 429 (rate limited, with or without `Retry-After`), 5xx, timeouts, connection errors;
 * - not retried: 401/403 (the run stops), a 429 saying the quota is exhausted (the run stops), other
 *   4xx, and answers that do not parse (those get one repair request instead);
 * - wait before retry n (0-based): equal jitter on an exponential backoff,
 *   `b/2 + random·b/2` with `b = min(retryMaxMs, retryBaseMs·2ⁿ)`, and never less than the server's
 *   `Retry-After` (seconds or HTTP date, or "try again in …" in the message, read by LangChain's
 *   `classifyRateLimitError`); a `Retry-After` above `maxRetryAfterMs` fails the call instead;
 * - every attempt (retries and repair requests included) first takes a slot from the `--rpm` limiter
 *   and has its own timeout (`timeoutMs`).
 */
export const RetrySettings = ConfigurationSchema.pick({ maxRetries: true, timeoutMs: true, retryBaseMs: true, retryMaxMs: true, maxRetryAfterMs: true });
export type RetrySettings = z.infer<typeof RetrySettings>;

/** Takes one request slot (the `--rpm` limiter); shared by every call of a run. */
export interface CallGate {
  acquire(): Promise<void>;
}

/** A failed attempt that was retried. */
export interface RetryEvent {
  kind: CallFailureKind;
  waitMs: number;
}

const RETRIED: ReadonlySet<CallFailureKind> = new Set(["rate_limited", "server_error", "timeout", "connection"]);

export type RetryDecision = { retry: true; waitMs: number } | { retry: false; stop?: string; reason?: string };

function parseRetrySettings(source: Record<string, unknown>): RetrySettings {
  const parsed = RetrySettings.safeParse({ maxRetries: source.maxRetries, timeoutMs: source.timeoutMs, retryBaseMs: source.retryBaseMs, retryMaxMs: source.retryMaxMs, maxRetryAfterMs: source.maxRetryAfterMs });
  return parsed.success ? parsed.data : RetrySettings.parse({});
}

/** A run's resolved configuration is read once, not on every call. */
const settingsOfConfiguration = memoByObject((configuration: Configuration) => parseRetrySettings(configuration as unknown as Record<string, unknown>));

/** Reads the retry settings (from the run's resolved configuration when it has one) and the call gate from a run's `configurable`. */
export function retrySettingsOf(configurable: Record<string, unknown> | undefined): { settings: RetrySettings; gate: CallGate | undefined } {
  const raw: Record<string, unknown> = configurable ?? {};
  const resolved = resolvedConfigurationOf(configurable);
  const settings = resolved ? settingsOfConfiguration(resolved) : parseRetrySettings(raw);
  const gate = raw.callGate as CallGate | undefined;
  return { settings, gate: typeof gate?.acquire === "function" ? gate : undefined };
}

/** The backoff step before retry `n` (0-based), with equal jitter: between b/2 and b. */
export function backoffMs(n: number, settings: Pick<RetrySettings, "retryBaseMs" | "retryMaxMs">, random: () => number = Math.random): number {
  const step = Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** n);
  return Math.round(step / 2 + random() * (step / 2));
}

/** Whether a failed attempt is retried, and after how long. Pure: `error` is only read. */
export function retryDecision(failure: CallFailure, error: unknown, retriesDone: number, settings: RetrySettings, random: () => number = Math.random): RetryDecision {
  let retryAfterMs: number | undefined;
  if (failure.kind === "rate_limited") {
    const limit = classifyRateLimitError(error);
    if (limit?.action === "stop") return { retry: false, stop: "the provider says the quota is exhausted" };
    retryAfterMs = limit?.retryAfterMs;
    if (retryAfterMs !== undefined && retryAfterMs > settings.maxRetryAfterMs) {
      return { retry: false, reason: `Retry-After ${Math.round(retryAfterMs / 1000)} s is longer than the ${Math.round(settings.maxRetryAfterMs / 1000)} s allowed` };
    }
  }
  if (!RETRIED.has(failure.kind) || retriesDone >= settings.maxRetries) return { retry: false };
  return { retry: true, waitMs: Math.max(backoffMs(retriesDone, settings, random), retryAfterMs ?? 0) };
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** The error a call gets when its own timeout fires (named so `classifyError` files it as a timeout). */
export function timeoutError(ms: number): Error {
  return Object.assign(new Error(`the call timed out after ${ms} ms`), { name: "TimeoutError" });
}

/**
 * Runs `call` once with a timeout of `timeoutMs` (its signal also follows `parent`): the attempt the
 * retry loop repeats. Rejects with `timeoutError` when the timeout fires first.
 */
export async function withTimeout<T>(call: (signal: AbortSignal) => Promise<T>, timeoutMs: number, parent?: AbortSignal): Promise<T> {
  const controller = new AbortController();
  const signal = controller.signal;
  const timer = setTimeout(() => controller.abort(timeoutError(timeoutMs)), timeoutMs);
  // The parent is followed by a listener, not `AbortSignal.any`, which costs far more per call on Node 20.
  const followParent = () => controller.abort(parent?.reason);
  if (parent?.aborted) followParent();
  else parent?.addEventListener("abort", followParent, { once: true });
  try {
    return await new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener("abort", onAbort, { once: true });
      call(signal).then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
    });
  } finally {
    clearTimeout(timer);
    parent?.removeEventListener("abort", followParent);
  }
}

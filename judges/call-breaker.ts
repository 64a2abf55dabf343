import { ConfigError } from "./config-error.js";
import type { CallFailure } from "./checks/problems.js";

/** Consecutive failures of one kind after which a run stops, by default. */
export const DEFAULT_BREAKER_LIMIT = 5;

/**
 * Failures every later call would meet too: the server unreachable after its retries, a request it
 * refuses (a 4xx other than 401/403/429, which stop or are retried elsewhere), or answers the model
 * cannot give in the contract even after a repair.
 */
const SHARED_KINDS: ReadonlySet<CallFailure["kind"]> = new Set(["connection", "error", "invalid_output"]);

/** What makes two failures "the same way": the kind and, for an HTTP answer, its status. */
function signature(failure: CallFailure): string {
  const status = /^HTTP (\d{3})/.exec(failure.message)?.[1];
  return status ? `${failure.kind} ${status}` : failure.kind;
}

/**
 * The run's circuit breaker: a call that fails after its retries is recorded, a call that succeeds
 * resets it, and `limit` consecutive failures of the same shared kind stop the run (a ConfigError,
 * exit 2, lines written so far kept, `--resume` continues) rather than falling back on every dialogue.
 */
export class CallBreaker {
  private streak = 0;
  private last: string | undefined;

  constructor(readonly limit: number = DEFAULT_BREAKER_LIMIT) {}

  succeeded(): void {
    this.streak = 0;
    this.last = undefined;
  }

  failed(failure: CallFailure): void {
    if (!SHARED_KINDS.has(failure.kind)) return this.succeeded();
    const key = signature(failure);
    this.streak = key === this.last ? this.streak + 1 : 1;
    this.last = key;
    if (this.streak >= this.limit) {
      throw new ConfigError(
        `stopped after ${this.streak} calls in a row failed the same way (${failure.agent}: ${failure.kind}: ${failure.message}); the lines written so far are kept: fix the model or server, then rerun with --resume`,
      );
    }
  }
}

/** The breaker a run's `configurable` carries, if any (an in-process object, like the `--rpm` gate). */
export function callBreakerOf(configurable: Record<string, unknown> | undefined): CallBreaker | undefined {
  const breaker = configurable?.callBreaker;
  return typeof breaker === "object" && breaker !== null && typeof (breaker as { failed?: unknown }).failed === "function" ? (breaker as CallBreaker) : undefined;
}

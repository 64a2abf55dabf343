import Bottleneck from "bottleneck";
import type { CallGate } from "./retry.js";

/**
 * `--rpm N`: requests spread evenly, one every 60 000 / N ms (Bottleneck's `minTime`), across every
 * call of the run: retries and repair requests included. Even spacing rather than bursts of N, since
 * providers enforce per-minute limits over shorter windows too.
 */
export function rpmGate(rpm: number): CallGate & { stop(): Promise<void> } {
  const limiter = new Bottleneck({ minTime: Math.ceil(60_000 / rpm), maxConcurrent: null });
  return {
    acquire: () => limiter.schedule(() => Promise.resolve()),
    stop: () => limiter.stop({ dropWaitingJobs: true }),
  };
}

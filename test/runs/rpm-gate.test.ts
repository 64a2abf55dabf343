import { afterEach, describe, expect, it, vi } from "vitest";
import { rpmGate } from "../../judges/rpm-gate.js";

describe("rpmGate", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  // Fake timers: the spacing is Bottleneck's schedule, not how busy the machine is.
  it("hands out slots evenly: 1,200 per minute is one every 50 ms, even when all ask at once", async () => {
    vi.useFakeTimers();
    const gate = rpmGate(1200);
    const started = Date.now();
    const granted = Promise.all(Array.from({ length: 6 }, () => gate.acquire().then(() => Date.now() - started)));
    await vi.advanceTimersByTimeAsync(1_000);
    const at = await granted;
    await gate.stop();
    const sorted = [...at].sort((a, b) => a - b);
    // Bottleneck's own bookkeeping shifts a slot by a millisecond or two; never by a whole slot.
    for (let i = 1; i < sorted.length; i++) expect((sorted[i] as number) - (sorted[i - 1] as number)).toBeGreaterThanOrEqual(45);
    expect(sorted.at(-1)).toBeGreaterThanOrEqual(245);
    expect(sorted.at(-1)).toBeLessThan(300);
  });
});

import { describe, expect, it } from "vitest";
import { rpmGate } from "../../judges/rpm-gate.js";

describe("rpmGate", () => {
  it("hands out slots evenly: 1,200 per minute is one every 50 ms, even when all ask at once", async () => {
    const gate = rpmGate(1200);
    const started = performance.now();
    const at = await Promise.all(Array.from({ length: 6 }, () => gate.acquire().then(() => performance.now() - started)));
    await gate.stop();
    const sorted = [...at].sort((a, b) => a - b);
    for (let i = 1; i < sorted.length; i++) expect((sorted[i] as number) - (sorted[i - 1] as number)).toBeGreaterThanOrEqual(45);
    expect(sorted.at(-1)).toBeGreaterThanOrEqual(245);
  });
});

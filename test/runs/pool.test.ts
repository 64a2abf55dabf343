import { describe, expect, it } from "vitest";
import { pool } from "../../util/pool.js";

async function* numbers(n: number, read: number[]): AsyncGenerator<number> {
  for (let i = 0; i < n; i++) {
    read.push(i);
    yield i;
  }
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function drain<R>(gen: AsyncGenerator<R, { stopped: boolean }>): Promise<{ results: R[]; stopped: boolean }> {
  const results: R[] = [];
  for (;;) {
    const step = await gen.next();
    if (step.done) return { results, stopped: step.value.stopped };
    results.push(step.value);
  }
}

describe("pool", () => {
  it("runs at most `limit` at once, yields every result once, and reads lazily", async () => {
    let running = 0;
    let peak = 0;
    const read: number[] = [];
    const launched: number[] = [];
    const gen = pool(numbers(20, read), 3, async (i) => {
      launched.push(i);
      // Never more than one item read ahead of the work.
      expect(read.length).toBeLessThanOrEqual(launched.length + 1);
      running++;
      peak = Math.max(peak, running);
      await delay(5 + (i % 4) * 3);
      running--;
      return i * 10;
    });
    const { results, stopped } = await drain(gen);
    expect(stopped).toBe(false);
    expect(peak).toBe(3);
    expect([...results].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i * 10));
  });

  it("stops launching when canLaunch says no, finishes what is in flight, reports stopped", async () => {
    let finished = 0;
    const read: number[] = [];
    // Room for 5 launches in all.
    let launches = 0;
    const gen = pool(
      numbers(50, read),
      4,
      async (i) => {
        launches++;
        await delay(5);
        finished++;
        return i;
      },
      () => launches < 5,
    );
    const { results, stopped } = await drain(gen);
    expect(stopped).toBe(true);
    expect(results).toHaveLength(5);
    expect(finished).toBe(5);
    expect(read.length).toBe(5);
  });

  it("a failing item rejects the run; the others are not unhandled", async () => {
    const gen = pool(numbers(6, []), 2, async (i) => {
      await delay(2);
      if (i === 3) throw new Error("boom 3");
      return i;
    });
    await expect(drain(gen)).rejects.toThrow("boom 3");
  });
});

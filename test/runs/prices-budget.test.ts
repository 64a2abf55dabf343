import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Budget } from "../../runs/budget.js";
import { costUsd, loadPrices, priceFor } from "../../api/prices.js";

const dir = mkdtempSync(join(tmpdir(), "tribunal-prices-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("prices", () => {
  const table = loadPrices();
  it("finds a model by label, by name, and a dated snapshot by its longest name", () => {
    expect(priceFor("openai:gpt-4o-mini", table)).toEqual({ input: 0.15, output: 0.6 });
    expect(priceFor("gpt-4o", table)).toEqual({ input: 2.5, output: 10 });
    expect(priceFor("openai:gpt-4o-mini-2024-07-18", table)).toEqual({ input: 0.15, output: 0.6 });
    expect(priceFor("openai:gpt-4o-2024-08-06", table)).toEqual({ input: 2.5, output: 10 });
    expect(priceFor("offline", table)).toEqual({ input: 0, output: 0 });
    expect(priceFor("openai:llama3.1", table)).toBeUndefined();
    expect(priceFor("azure:my-deployment", table)).toBeUndefined();
  });

  it("costs tokens per million: 1,000,000 in and 200,000 out of gpt-4o-mini = 0.15 + 0.12", () => {
    expect(costUsd({ input: 1_000_000, output: 200_000 }, { input: 0.15, output: 0.6 })).toBeCloseTo(0.27, 10);
  });

  it("a --prices file adds and overrides entries; a bad one is a one-line error", () => {
    const path = join(dir, "prices.json");
    writeFileSync(path, JSON.stringify({ models: { "my-deployment": { input: 1, output: 2 }, "gpt-4o-mini": { input: 0.1, output: 0.4 } } }));
    const merged = loadPrices(path);
    expect(priceFor("azure:my-deployment", merged)).toEqual({ input: 1, output: 2 });
    expect(priceFor("openai:gpt-4o-mini", merged)).toEqual({ input: 0.1, output: 0.4 });
    expect(priceFor("openai:gpt-4o", merged)).toEqual({ input: 2.5, output: 10 });
    writeFileSync(path, JSON.stringify({ models: { x: { input: "cheap" } } }));
    expect(() => loadPrices(path)).toThrow(/^--prices .*prices\.json: models\.x\.input: .*expected \{"models"/);
    expect(() => loadPrices(join(dir, "missing.json"))).toThrow(/^cannot read --prices .*missing\.json: ENOENT/);
  });
});

describe("Budget", () => {
  it("runs one dialogue alone until there is an average, then launches only what fits", () => {
    const b = new Budget(1);
    expect(b.canLaunch(0)).toBe(true);
    expect(b.canLaunch(1)).toBe(false);
    b.finish(0.3);
    // 0.3 + (0 + 1) × 0.3 = 0.6, 0.3 + 2 × 0.3 = 0.9, 0.3 + 3 × 0.3 = 1.2 > 1
    expect([0, 1, 2].map((n) => b.canLaunch(n))).toEqual([true, true, false]);
    b.finish(0.3);
    b.finish(0.3);
    // Spent 0.9: one more at the 0.3 average would make 1.2 > 1.
    expect(b.canLaunch(0)).toBe(false);
    expect(b.averageUsd()).toBeCloseTo(0.3, 12);
  });
});

/** `meta.source` on a result line: written by the judge path, optional for lines written before it existed. */
import { describe, expect, it } from "vitest";
import { JudgedLine, resultLineSchema } from "../../results/line.js";
import { buildMeta } from "../../results/meta.js";
import { z } from "zod";

const meta = buildMeta({ protocol: "panel", rubric: "customer-service", model: "offline", calls: [], warnings: [] });
const ReadBack = resultLineSchema(z.string());

describe("meta.source", () => {
  it("is accepted with a file name, or null from the library", () => {
    for (const file of ["a.jsonl", "-", null]) {
      const line = { dialogue_id: 0, meta: { ...meta, source: { file, dialogue_hash: "8ba09e74ddca9dcb" } } };
      expect(JudgedLine.safeParse(line).success).toBe(true);
      expect(ReadBack.parse(line).meta?.source).toEqual({ file, dialogue_hash: "8ba09e74ddca9dcb" });
    }
  });

  it("may be absent (lines written before it was recorded), but not malformed", () => {
    expect(JudgedLine.safeParse({ dialogue_id: 0, meta }).success).toBe(true);
    expect(ReadBack.safeParse({ dialogue_id: 0, meta: { protocol: "panel" } }).success).toBe(true);
    expect(ReadBack.safeParse({ dialogue_id: 0, meta: { source: { file: 3 } } }).success).toBe(false);
  });
});

/** `--format table` (cli/results-table.ts) and which format stdout gets (cli/output-format.ts). */
import { describe, expect, it } from "vitest";
import { stdoutFormat } from "../../cli/output-format.js";
import { formatResultsTable } from "../../cli/results-table.js";
import type { ResultRow } from "../../runs/result-row.js";

const row = (id: string | number, headline: number | undefined, criteria: Record<string, number>, extra: Partial<ResultRow> = {}): ResultRow => ({
  id,
  status: "scored",
  ...(headline === undefined ? {} : { headline }),
  rejected: false,
  criteria,
  ...extra,
});

describe("formatResultsTable", () => {
  it("one aligned row per dialogue in id order, '-' where there is no score, then the mean of the scored ones", () => {
    const rows = [
      row("late-parcel", 40, { Resolution: 40, Tone: 60 }, { status: "fallback" }),
      row("refund", 80, { Resolution: 100, Tone: 2.5 }),
      row("timeout", undefined, {}, { status: "unscored", error: "timeout" }),
    ];
    const table = formatResultsTable(rows, { headline: "OverallExperience", range: { min: 20, max: 100 }, criteria: ["Resolution", "Tone"] });
    // Mean of 40 and 80 = 60; the unscored line is not in it.
    expect(table).toBe(
      [
        "id           OverallExperience  Resolution  Tone  status",
        "-----------  -----------------  ----------  ----  ------------------",
        "late-parcel                 40          40    60  fallback",
        "refund                      80         100   2.5  scored",
        "timeout                      -           -     -  unscored (timeout)",
        "",
        "mean OverallExperience 60 over 2 scored dialogues (scale 20–100)",
        "",
      ].join("\n"),
    );
  });

  it("numeric ids in order before the others, which sort naturally; three decimals at most; a rejected checklist says so", () => {
    const rows = [row("d10", 0.5, {}), row(10, 0.125, {}), row("d2", 0.3333333, {}), row(2, 0, {}, { rejected: true })];
    const lines = formatResultsTable(rows, { headline: "score", range: { min: 0, max: 1 }, criteria: [] }).split("\n");
    expect(lines.slice(2, 6)).toEqual(["2        0  scored (rejected)", "10   0.125  scored", "d2   0.333  scored", "d10    0.5  scored"]);
    // (0 + 0.125 + 0.3333333 + 0.5) / 4 = 0.2395833 → 0.240 → "0.24"
    expect(lines[7]).toBe("mean score 0.24 over 4 scored dialogues (scale 0–1)");
  });

  it("says so when nothing was scored", () => {
    const table = formatResultsTable([row("a", undefined, {}, { status: "unscored" })], { headline: "overall_score", range: { min: 1, max: 5 }, criteria: [] });
    expect(table.split("\n").at(-2)).toBe("no scored dialogue (overall_score, scale 1–5)");
  });
});

describe("stdoutFormat", () => {
  it("defaults to a table on a terminal and JSONL in a pipe", () => {
    expect(stdoutFormat(undefined, { stdoutIsTTY: true, out: false })).toBe("table");
    expect(stdoutFormat(undefined, { stdoutIsTTY: false, out: false })).toBe("jsonl");
  });

  it("with --out, stdout stays empty unless a format is asked for", () => {
    expect(stdoutFormat(undefined, { stdoutIsTTY: true, out: true })).toBeUndefined();
    expect(stdoutFormat("table", { stdoutIsTTY: false, out: true })).toBe("table");
  });

  it("an asked format wins over the terminal", () => {
    expect(stdoutFormat("jsonl", { stdoutIsTTY: true, out: false })).toBe("jsonl");
    expect(stdoutFormat("json", { stdoutIsTTY: false, out: false })).toBe("json");
  });
});

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { clientAssets } from "../../report/bundle.js";
import { matches, searchText, sortRows } from "../../report/client/filter.js";
import { escapeHtml, renderHtml, scriptJson } from "../../report/html.js";
import { buildReport } from "../../report/index.js";
import type { ReportData, Row } from "../../report/model.js";
import { rubricResolver } from "../../report/rubrics.js";
import { summariseResults } from "../../report/summarise.js";
import { HOSTILE, HOSTILE_ID, syntheticResults } from "./synthetic.js";
import { HOSTILE_TURN, jsonlOf, PANEL_TAXI, TAXI } from "./dialogue-lines.js";
import { jsonl } from "./lines.js";
import { parseResults } from "../../agreement/read-results.js";

describe("report HTML", () => {
  it("escapes JSON for a script element and text for HTML", () => {
    const json = scriptJson({ t: "</script><!-- & \u2028" });
    expect(json).toBe('{"t":"\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028"}');
    expect(JSON.parse(json)).toEqual({ t: "</script><!-- & \u2028" });
    expect(escapeHtml(`<b a="1">'&`)).toBe("&#60;b a=&#34;1&#34;&#62;&#39;&#38;");
  });

  it("embeds the data once, with no markup from the data, and the chart library inline", async () => {
    const lines = syntheticResults(40);
    const s = summariseResults(parseResults(jsonl(lines), "syn.jsonl"), "syn.jsonl", rubricResolver());
    const data: ReportData = { title: `Report ${HOSTILE_ID}`, generatedAt: "2026-01-01T00:00:00.000Z", source: { results: "syn.jsonl", labels: null, dialogues: null }, protocols: s.protocols, operations: s.operations, agreement: [], agreementNotes: [], rows: s.rows, details: s.details, dialogues: [], gapRule: null, juries: [] };
    const html = renderHtml(data, await clientAssets());
    // Two script elements (data, code), each closed once; the hostile text never appears raw.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain(HOSTILE);
    expect(html).not.toContain(HOSTILE_ID);
    expect(html).toContain("<title>Report &#60;img src=x onerror=&#34;window.__xss=3&#34;&#62;</title>");
    expect(html).toContain("Chart.js v4.6.1");
    expect(html).toContain("default-src 'none'");
    expect(html).not.toMatch(/<(link|img|iframe)\b/);
    expect(html).not.toMatch(/src=["']?https?:/);
    const embedded = html.match(/<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/)?.[1] ?? "";
    const parsed = JSON.parse(embedded) as ReportData;
    expect(parsed.rows).toHaveLength(40);
    expect(parsed.rows[0]?.id).toBe(HOSTILE_ID);
  });
});

describe("report HTML with transcripts", () => {
  it("a turn holding <script> and markup is embedded as escaped JSON only: two script elements, no raw dialogue markup", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tribunal-report-html-"));
    try {
      const results = join(dir, "r.jsonl");
      const dialogues = join(dir, "d.jsonl");
      writeFileSync(results, jsonl([PANEL_TAXI]));
      writeFileSync(dialogues, jsonlOf([TAXI]));
      const { html, data } = await buildReport(results, { dialogues });
      expect(data.dialogues[0]?.transcripts[0]?.turns[3]?.text).toBe(HOSTILE_TURN);
      expect(html.match(/<script/g)).toHaveLength(2);
      expect(html.match(/<\/script>/g)).toHaveLength(2);
      expect(html).not.toContain("<script>window");
      expect(html).not.toContain("<img src=x");
      expect(html).not.toContain("<b>thanks</b>");
      const embedded = html.match(/<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/)?.[1] ?? "";
      expect((JSON.parse(embedded) as ReportData).dialogues[0]?.transcripts[0]?.turns[3]?.text).toBe(HOSTILE_TURN);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const row = (over: Partial<Row>): Row => ({ line: 1, id: "a", protocol: "panel", status: "scored", overall: null, score: null, flags: [], tokens: null, costUsd: null, latencyMs: null, model: null, error: null, human: null, gap: null, ...over });

describe("report table search and sort", () => {
  it("matches every word of the query against id, protocol, status, model, flags and error", () => {
    const r = row({ id: "MWOZ-17", flags: ["adopted", "gate:CQ8"], model: "openai:gpt-4o-mini" });
    const text = searchText(r);
    expect(matches(text, r, "mwoz adopted")).toBe(true);
    expect(matches(text, r, "  GATE:cq8 ")).toBe(true);
    expect(matches(text, r, "adopted kept")).toBe(false);
    expect(matches(text, r, "", "consensus")).toBe(false);
    expect(matches(text, r, "", "panel", "unscored")).toBe(false);
    expect(matches(text, r, "")).toBe(true);
  });

  it("sorts by a column, empty values last either way, ties in file order", () => {
    const rows = [row({ id: "d2", score: 3 }), row({ id: "d10", score: null }), row({ id: "d1", score: 3 }), row({ id: "d3", score: 1 })];
    expect(sortRows([0, 1, 2, 3], rows, "score", 1)).toEqual([3, 0, 2, 1]);
    expect(sortRows([0, 1, 2, 3], rows, "score", -1)).toEqual([0, 2, 3, 1]);
    expect(sortRows([0, 1, 2, 3], rows, "id", 1)).toEqual([2, 0, 3, 1]);
  });

  it("sorts by |judge − human|, largest first, rows without labels last", () => {
    const rows = [row({ id: "a", gap: 0.5 }), row({ id: "b", gap: null }), row({ id: "c", gap: 2.25 }), row({ id: "d", gap: 0 })];
    expect(sortRows([0, 1, 2, 3], rows, "gap", -1)).toEqual([2, 0, 3, 1]);
  });
});

import { writeFile } from "node:fs/promises";
import { clientAssets } from "./bundle.js";
import { collectReportData, type ReportOptions } from "./data.js";
import { renderHtml } from "./html.js";
import type { ReportData } from "./model.js";
import { ReportError } from "./errors.js";

export { collectReportData, type ReportOptions } from "./data.js";
export { renderHtml, scriptJson, escapeHtml } from "./html.js";
export { summariseResults, type Summary } from "./summarise.js";
export { ReportError, isReportError } from "./errors.js";
export type { ReportData } from "./model.js";

/** The report's HTML for a results file. */
export async function buildReport(resultsFile: string, options: ReportOptions = {}): Promise<{ html: string; data: ReportData }> {
  const data = await collectReportData(resultsFile, options);
  return { html: renderHtml(data, await clientAssets()), data };
}

/** `tribunal report`: builds the report and writes it to `out`. */
export async function writeReport(resultsFile: string, out: string, options: ReportOptions = {}): Promise<{ data: ReportData; bytes: number }> {
  const { html, data } = await buildReport(resultsFile, options);
  try {
    await writeFile(out, html, "utf8");
  } catch (e) {
    throw new ReportError(`${out}: cannot write the report (${(e as { code?: string }).code ?? (e as Error).message})`);
  }
  return { data, bytes: Buffer.byteLength(html) };
}

import type { ClientAssets } from "./bundle.js";
import type { ReportData } from "./model.js";

/** Text for an HTML text node or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * JSON that is safe inside `<script type="application/json">`: `<`, `>` and `&` become \u escapes
 * (so `</script>` or `<!--` in a transcript cannot end or change the element), and so do U+2028/9.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** A script's text made safe to inline: `</script` and `<!--` can only occur in its strings or comments. */
export function inlineScript(code: string): string {
  return code.replace(/<\/(script)/gi, "<\\/$1").replace(/<!--/g, "<\\!--");
}

/**
 * The whole report: one file, no network. A Content-Security-Policy allows only the inline script
 * and styles, so nothing in the page can load anything from anywhere.
 */
export function renderHtml(data: ReportData, assets: ClientAssets): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<meta name="generator" content="tribunal report">
<title>${escapeHtml(data.title)}</title>
<style>${assets.css.replace(/<\/(style)/gi, "<\\/$1")}</style>
</head>
<body>
<div id="app"><p class="loading">Loading the report (${data.rows.length} dialogues)…</p></div>
<noscript>This report draws its charts and tables with JavaScript: open it in a browser with JavaScript enabled.</noscript>
<script type="application/json" id="report-data">${scriptJson(data)}</script>
<script>${inlineScript(assets.script)}</script>
</body>
</html>
`;
}

/// <reference lib="dom" />
import type { ReportData } from "../model.js";
import { drawRemainingCharts } from "./charts.js";
import { detailDrawer } from "./detail.js";
import { fmt, h, pct, tile, usd } from "./dom.js";
import { section, tiles } from "./layout.js";
import { agreementSection } from "./section-agreement.js";
import { jurySection } from "./section-jury.js";
import { operationsSection } from "./section-operations.js";
import { PROTOCOL_TITLES, protocolSection } from "./section-protocols.js";
import { dialogueTable } from "./table.js";

function header(d: ReportData): HTMLElement {
  const o = d.operations;
  return h(
    "header",
    { class: "top" },
    h("h1", null, d.title),
    h("p", { class: "source" }, `results ${d.source.results}`, d.source.labels ? ` · labels ${d.source.labels}` : "", d.source.dialogues && d.source.dialogues !== d.source.labels ? ` · dialogues ${d.source.dialogues}` : "", ` · generated ${d.generatedAt.replace("T", " ").slice(0, 19)} UTC`),
    tiles(
      tile(fmt(o.lines), "dialogues"),
      tile(fmt(o.scored), `scored (${pct(o.scored, o.lines)})`, "good"),
      tile(fmt(o.unscored), "unscored", o.unscored > 0 ? "bad" : ""),
      tile(d.protocols.map((p) => p.protocol).join(", ") || "—", "protocols"),
      tile(fmt(o.fallbacks.lines), "with a fallback", o.fallbacks.lines > 0 ? "warn" : ""),
      tile(fmt(o.tokens.total), "tokens"),
      tile(o.cost ? usd(o.cost.usd) : "—", "cost"),
    ),
  );
}

function nav(d: ReportData): HTMLElement {
  const links: [string, string][] = [
    ...d.protocols.map((p): [string, string] => [`#protocol-${p.protocol}`, (PROTOCOL_TITLES[p.protocol] ?? p.protocol).split(":")[0] as string]),
    ["#agreement", "Agreement"],
    ...(d.juries.length > 0 ? ([["#jury", "Jury agreement"]] as [string, string][]) : []),
    ["#operations", "Failures, tokens, cost"],
    ["#dialogues", "Dialogues"],
  ];
  return h("nav", { class: "sections", "aria-label": "Sections" }, links.map(([href, text]) => h("a", { href }, text)));
}

function start(): void {
  const app = document.getElementById("app") as HTMLElement;
  const source = document.getElementById("report-data");
  const data = JSON.parse(source?.textContent ?? "null") as ReportData;
  const drawer = detailDrawer(data.rows, data.details, data.dialogues, data.source);
  app.replaceChildren(
    header(data),
    nav(data),
    h(
      "main",
      null,
      data.protocols.map(protocolSection),
      agreementSection(data.agreement, data.agreementNotes, data.source.labels),
      jurySection(data.juries),
      operationsSection(data.operations),
      section(
        "dialogues",
        "Dialogues",
        h("p", { class: "lede" }, "Click a row (or press Enter on it) to open the evaluator, critic and final scores with their quotes, beside the transcript with the quoted turns highlighted."),
        data.gapRule ? h("p", { class: "lede gap-rule" }, data.gapRule) : null,
        dialogueTable(data.rows, drawer.open),
      ),
    ),
    drawer.element,
  );
  requestAnimationFrame(() => {
    app.dataset["ready"] = String(Math.round(performance.now()));
    drawRemainingCharts();
  });
}

start();

/// <reference lib="dom" />
import type { Detail, DialoguePanel, MetaDetail, ReportData, Row } from "../model.js";
import { baremBody, checklistBody, consensusBody } from "./detail-others.js";
import { pairwiseBody } from "./detail-pairwise.js";
import { juryBlock } from "./section-jury.js";
import { panelBody } from "./detail-panel.js";
import { badge, fmt, fragment, h, ms, table, usd } from "./dom.js";
import { dialogueColumn } from "./transcript.js";

function metaGrid(m: MetaDetail): HTMLElement {
  const items: [string, string][] = [
    ["model", m.model ?? "—"],
    ["rubric", m.rubric ?? "—"],
    ["tokens", m.tokens ? `${fmt(m.tokens.total)} (${fmt(m.tokens.input)} in, ${fmt(m.tokens.output)} out)` : "—"],
    ["calls", fmt(m.calls)],
    ["call time", ms(m.latencyMs)],
  ];
  if (m.costUsd !== null) items.push(["cost", usd(m.costUsd)]);
  if (m.configHash !== null) items.push(["config", m.configHash]);
  return h("dl", { class: "meta" }, items.map(([k, v]) => h("div", null, h("dt", null, k), h("dd", null, v))));
}

function events(title: string, list: readonly { agent: string; kind: string; message: string }[], tone: string): HTMLElement | null {
  if (list.length === 0) return null;
  return h("div", { class: `block ${tone}` }, h("h4", null, `${title} (${list.length})`), table(["agent", "kind", "message"], list.map((e) => [e.agent, e.kind, e.message])));
}

function body(d: Detail): HTMLElement {
  const b = d.body;
  if (!b) return h("p", { class: "muted" }, "This line's protocol is unknown: only its meta is shown.");
  switch (b.protocol) {
    case "unscored":
      return h("div", { class: "block bad" }, h("h4", null, "Unscored"), h("p", null, h("strong", null, `${b.error.agent} · ${b.error.kind}: `), b.error.message));
    case "panel":
      return panelBody(b);
    case "barem":
      return baremBody(b);
    case "consensus":
      return consensusBody(b);
    case "checklist":
      return checklistBody(b);
    case "pairwise":
      return pairwiseBody(b);
  }
}

/** A quote's `turn N` in the verdicts scrolls the transcript to that turn (of the quote's side, for a pair) and outlines it. */
function showQuotedTurn(content: HTMLElement, target: EventTarget | null): void {
  const link = (target as Element | null)?.closest?.("[data-quote-turn]");
  if (!link) return;
  const side = link.getAttribute("data-side");
  const transcript = content.querySelector(side ? `.transcript[data-side="${side}"]` : ".transcript");
  const turn = transcript?.querySelector(`li[data-turn="${link.getAttribute("data-quote-turn")}"]`);
  if (!turn) return;
  turn.scrollIntoView({ block: "center" });
  content.querySelectorAll(".flash").forEach((x) => x.classList.remove("flash"));
  turn.classList.add("flash");
}

/**
 * The detail drawer: built on demand for one dialogue when its row is opened, emptied when closed.
 * The verdicts on the left, the transcript and human rating beside them. Esc or the close button
 * closes it and gives the focus back to the table.
 */
export function detailDrawer(rows: readonly Row[], details: readonly Detail[], dialogues: readonly DialoguePanel[], source: ReportData["source"]): { element: HTMLElement; open(index: number): void } {
  const content = h("div", { class: "drawer-content" });
  let returnFocus: HTMLElement | null = null;
  const close = () => {
    drawer.hidden = true;
    content.replaceChildren();
    returnFocus?.focus();
  };
  const closeButton = h("button", { type: "button", class: "close", "aria-label": "Close details", onclick: close }, "×");
  const drawer = h("aside", { id: "detail", class: "drawer", role: "dialog", "aria-label": "Dialogue details", hidden: true }, closeButton, content);
  drawer.addEventListener("keydown", (e) => e.key === "Escape" && close());
  content.addEventListener("click", (e) => showQuotedTurn(content, e.target));
  document.addEventListener("keydown", (e) => e.key === "Escape" && !drawer.hidden && close());

  const open = (index: number) => {
    const r = rows[index];
    const d = details[index];
    if (!r || !d) return;
    returnFocus = document.activeElement as HTMLElement | null;
    const w = d.meta.warnings;
    const panel = dialogues[index];
    // Without a transcript there is nothing to put beside the verdicts: the human rating and notes go above them.
    const beside = (panel?.transcripts.length ?? 0) > 0;
    content.replaceChildren(
      fragment(
      h(
        "header",
        null,
        h("h2", { id: "detail-title" }, "Dialogue ", h("span", { class: "dialogue-id" }, r.id)),
        h("p", null, badge(r.protocol ?? "?"), " ", r.status === "unscored" ? badge("unscored", "bad") : badge("scored", "good"), ` · line ${r.line}`, r.overall !== null ? ` · overall ${fmt(r.overall)}` : ""),
      ),
      metaGrid(d.meta),
      events("Offline fallbacks", d.meta.fallbacks, "warn"),
      events("Invalid outputs", d.meta.invalidOutputs, "warn"),
      d.meta.retries.length > 0
        ? h("div", { class: "block" }, h("h4", null, `Retried requests (${d.meta.retries.length})`), table(["agent", "kind", "waited"], d.meta.retries.map((r) => [r.agent, r.kind, ms(r.waitMs)])))
        : null,
      w.length > 0 ? h("div", { class: "block warn" }, h("h4", null, `Warnings (${w.length})`), h("ul", { class: "plain" }, w.map((x) => h("li", null, x)))) : null,
      juryBlock(d.jury),
      beside ? h("div", { class: "detail-columns" }, h("div", { class: "verdicts" }, body(d)), dialogueColumn(panel, source)) : [dialogueColumn(panel, source), body(d)],
      ),
    );
    drawer.classList.toggle("wide", beside);
    drawer.hidden = false;
    content.scrollTop = 0;
    closeButton.focus();
  };
  return { element: drawer, open };
}

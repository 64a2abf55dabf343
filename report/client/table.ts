/// <reference lib="dom" />
import type { Row } from "../model.js";
import { badge, fmt, h, ms, usd } from "./dom.js";
import { matches, searchText, sortRows, type SortKey } from "./filter.js";

/** Fixed row height: the body draws only the rows in view (plus a margin), whatever the number of dialogues. */
const ROW_HEIGHT = 34;
const OVERSCAN = 8;
const MAX_FLAGS = 4;

interface Column {
  key: SortKey | null;
  title: string;
  width: string;
  cell: (r: Row) => Node | string;
  align?: "num";
  /** The first click's direction (default ascending): the largest disagreement first. */
  firstDir?: -1;
  tooltip?: string;
}

const FLAG_TONES: Record<string, string> = { unscored: "bad", rejected: "bad", fallback: "warn", invalid_output: "warn", unverified: "warn", adopted: "violet", kept: "warn", accepted: "good", passed: "good" };

function flagsCell(flags: readonly string[]): Node {
  const shown = flags.slice(0, MAX_FLAGS).map((f) => badge(f, FLAG_TONES[f] ?? (f.startsWith("gate:") ? "bad" : "")));
  return h("span", { class: "flags" }, shown, flags.length > MAX_FLAGS ? badge(`+${flags.length - MAX_FLAGS}`) : null);
}

const two = (v: number | null): string => fmt(v, v === null ? undefined : 2);

function columns(showCost: boolean, showHuman: boolean): Column[] {
  const cols: Column[] = [
    { key: "line", title: "line", width: "64px", cell: (r) => String(r.line), align: "num" },
    { key: "id", title: "dialogue", width: "24%", cell: (r) => r.id },
    { key: "protocol", title: "protocol", width: "96px", cell: (r) => r.protocol ?? "?" },
    { key: "status", title: "status", width: "92px", cell: (r) => (r.status === "unscored" ? badge("unscored", "bad") : "scored") },
    { key: "overall", title: "overall", width: "76px", cell: (r) => fmt(r.overall), align: "num" },
    { key: "score", title: "score", width: "76px", cell: (r) => two(r.score), align: "num" },
  ];
  if (showHuman) {
    cols.push(
      { key: "human", title: "human", width: "76px", cell: (r) => two(r.human), align: "num", tooltip: "mean human OVERALL rating, 1–5" },
      { key: "gap", title: "|j − h|", width: "76px", cell: (r) => two(r.gap), align: "num", firstDir: -1, tooltip: "|judge − human| on 1–5 (the rule is above the table); first click: largest first" },
    );
  }
  cols.push(
    { key: null, title: "flags", width: "auto", cell: (r) => (r.error ? h("span", { class: "error-text" }, r.error) : flagsCell(r.flags)) },
    { key: "tokens", title: "tokens", width: "84px", cell: (r) => fmt(r.tokens), align: "num" },
  );
  if (showCost) cols.push({ key: "cost", title: "cost", width: "100px", cell: (r) => usd(r.costUsd), align: "num" });
  cols.push({ key: "latency", title: "time", width: "80px", cell: (r) => ms(r.latencyMs), align: "num" });
  return cols;
}

function select(label: string, all: string, options: readonly string[], onChange: (v: string) => void): HTMLSelectElement {
  const el = h("select", { "aria-label": label }, h("option", { value: "" }, all), options.map((o) => h("option", { value: o }, o)));
  el.addEventListener("change", () => onChange(el.value));
  return el;
}

/**
 * The per-dialogue table: search (every word must match the id, protocol, status, model, flags or
 * error), protocol and status filters, sorting by column, and a virtual body. `open(i)` shows a detail.
 */
export function dialogueTable(rows: readonly Row[], open: (index: number) => void): HTMLElement {
  const haystacks = rows.map(searchText);
  const cols = columns(
    rows.some((r) => r.costUsd !== null),
    rows.some((r) => r.human !== null),
  );
  let view: number[] = rows.map((_, i) => i);
  let query = "";
  let protocol = "";
  let status = "";
  let sort: { key: SortKey; dir: 1 | -1 } | null = null;
  let selected = -1;

  const count = h("span", { class: "count", "aria-live": "polite" });
  const search = h("input", { type: "search", id: "search", placeholder: "Search: id, protocol, flag (adopted, unverified, fallback, gate…)", "aria-label": "Search dialogues", autocomplete: "off" });
  const tbody = h("tbody");
  const headRow = h("tr");
  const wrap = h("div", { class: "table-wrap" }, h("table", { class: "rows" }, h("colgroup", null, cols.map((c) => h("col", { style: `width:${c.width}` }))), h("thead", null, headRow), tbody));

  const drawBody = () => {
    const headHeight = (headRow.parentElement as HTMLElement).offsetHeight;
    const first = Math.max(0, Math.floor((wrap.scrollTop - headHeight) / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(view.length, first + Math.ceil(wrap.clientHeight / ROW_HEIGHT) + 2 * OVERSCAN);
    const spacer = (n: number) => h("tr", { class: "spacer", "aria-hidden": "true", style: `height:${n * ROW_HEIGHT}px` });
    const body: Node[] = [spacer(first)];
    for (let k = first; k < last; k++) {
      const i = view[k] as number;
      const r = rows[i] as Row;
      const tone = r.status === "unscored" ? " unscored" : "";
      body.push(h("tr", { class: `row${tone}${i === selected ? " selected" : ""}`, "data-index": i, tabindex: 0 }, cols.map((c) => h("td", c.align ? { class: c.align } : null, c.cell(r)))));
    }
    body.push(spacer(view.length - last));
    if (view.length === 0) body.push(h("tr", null, h("td", { colspan: cols.length, class: "empty" }, "No dialogue matches.")));
    tbody.replaceChildren(...body);
  };

  const refresh = () => {
    view = rows.map((_, i) => i).filter((i) => matches(haystacks[i] as string, rows[i] as Row, query, protocol, status));
    if (sort) view = sortRows(view, rows, sort.key, sort.dir);
    count.textContent = `${fmt(view.length)} of ${fmt(rows.length)} dialogues`;
    wrap.scrollTop = 0;
    drawBody();
  };

  cols.forEach((c) => {
    const th = h("th", { scope: "col", class: c.align ?? "", title: c.tooltip }, c.title);
    if (c.key) {
      const key = c.key;
      th.classList.add("sortable");
      th.tabIndex = 0;
      const toggle = () => {
        sort = sort?.key === key ? { key, dir: sort.dir === 1 ? -1 : 1 } : { key, dir: c.firstDir ?? 1 };
        headRow.querySelectorAll("th").forEach((x) => x.removeAttribute("aria-sort"));
        th.setAttribute("aria-sort", sort.dir === 1 ? "ascending" : "descending");
        refresh();
      };
      th.addEventListener("click", toggle);
      th.addEventListener("keydown", (e) => e.key === "Enter" && toggle());
    }
    headRow.append(th);
  });

  let pending = 0;
  search.addEventListener("input", () => {
    clearTimeout(pending);
    pending = window.setTimeout(() => {
      query = search.value;
      refresh();
    }, 120);
  });
  let frame = 0;
  wrap.addEventListener("scroll", () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      drawBody();
    });
  });
  const activate = (target: EventTarget | null) => {
    const tr = (target as Element | null)?.closest?.("tr[data-index]");
    if (!tr) return;
    selected = Number(tr.getAttribute("data-index"));
    tbody.querySelectorAll("tr.selected").forEach((x) => x.classList.remove("selected"));
    tr.classList.add("selected");
    open(selected);
  };
  tbody.addEventListener("click", (e) => activate(e.target));
  tbody.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      activate(e.target);
    }
  });

  const protocols = [...new Set(rows.map((r) => r.protocol ?? "?"))];
  const toolbar = h(
    "div",
    { class: "toolbar" },
    search,
    protocols.length > 1 ? select("protocol", "all protocols", protocols, (v) => ((protocol = v), refresh())) : null,
    select("status", "all statuses", ["scored", "unscored"], (v) => ((status = v), refresh())),
    count,
  );
  const root = h("div", { class: "dialogues" }, toolbar, wrap);
  // The body needs the wrapper's size: draw once it is in the document.
  requestAnimationFrame(refresh);
  return root;
}

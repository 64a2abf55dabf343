/// <reference lib="dom" />
/**
 * Element helpers for the report page. Text from the data only ever lands in text nodes and
 * attribute values set through the DOM (never innerHTML), so a transcript holding `</script>` or
 * markup shows as text.
 */
export type Child = Node | string | number | null | undefined | false | readonly Child[];
type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;

function append(el: Element | DocumentFragment, child: Child): void {
  if (child === null || child === undefined || child === false) return;
  if (Array.isArray(child)) {
    for (const c of child as readonly Child[]) append(el, c);
    return;
  }
  el.append(typeof child === "object" ? (child as Node) : document.createTextNode(String(child)));
}

/** `h("p", { class: "note" }, "text", child)`: an element with attributes (`on…` = listeners) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs | null = null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === "function") el.addEventListener(key.slice(2).toLowerCase(), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const c of children) append(el, c);
  return el;
}

export function fragment(...children: Child[]): DocumentFragment {
  const f = document.createDocumentFragment();
  for (const c of children) append(f, c);
  return f;
}

const grouped = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** `12,345`, `68.6`, `—` for null. */
export function fmt(value: number | null | undefined, digits?: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  return digits === undefined ? grouped.format(value) : new Intl.NumberFormat("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

export function pct(part: number, whole: number): string {
  return whole > 0 ? `${((100 * part) / whole).toFixed(1)} %` : "—";
}

export function usd(value: number | null | undefined): string {
  if (value === null || value === undefined) return "—";
  return value >= 1 ? `$${value.toFixed(2)}` : `$${value.toPrecision(3)}`;
}

export function ms(value: number | null | undefined): string {
  if (value === null || value === undefined) return "—";
  return value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${fmt(Math.round(value))} ms`;
}

/** A small table: header cells and rows of cells. */
export function table(head: readonly string[], rows: readonly (readonly Child[])[], attrs: Attrs | null = null): HTMLTableElement {
  return h("table", { class: "data", ...attrs }, h("thead", null, h("tr", null, head.map((c) => h("th", { scope: "col" }, c)))), h("tbody", null, rows.map((r) => h("tr", null, r.map((c) => h("td", null, c))))));
}

/** A figure tile: a big number and its label. */
export function tile(value: Child, label: string, tone: "" | "good" | "warn" | "bad" = ""): HTMLElement {
  return h("div", { class: `tile ${tone}`.trim() }, h("div", { class: "tile-value" }, value), h("div", { class: "tile-label" }, label));
}

export function badge(text: string, tone = ""): HTMLElement {
  return h("span", { class: `badge ${tone}`.trim() }, text);
}

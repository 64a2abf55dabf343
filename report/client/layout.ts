/// <reference lib="dom" />
import type { Count, Distribution, Stacked } from "../model.js";
import { barConfig, chartBox, distributionConfig, PRIMARY, scaleColours } from "./charts.js";
import { fmt, h, type Child } from "./dom.js";

/** A titled card with an optional note under its content. */
export function card(title: string, body: Child, note?: Child, wide = false): HTMLElement {
  return h("div", { class: wide ? "card wide" : "card" }, h("h3", null, title), body, note ? h("p", { class: "note" }, note) : null);
}

export function section(id: string, title: string, ...children: Child[]): HTMLElement {
  return h("section", { id, "aria-labelledby": `${id}-title` }, h("h2", { id: `${id}-title` }, title), ...children);
}

export const grid = (...children: Child[]): HTMLElement => h("div", { class: "grid" }, ...children);
export const tiles = (...children: Child[]): HTMLElement => h("div", { class: "tiles" }, ...children);

export function statLine(d: Distribution): string {
  return `n = ${fmt(d.n)} · mean ${fmt(d.mean, 2)} · median ${fmt(d.median, 2)}`;
}

/** A distribution as a bar chart, or a line saying there is nothing to draw. */
export function distributionCard(title: string, d: Distribution, field: string, scored = true): HTMLElement {
  if (d.n === 0) return card(title, h("p", { class: "empty" }, "No scored dialogue."), field);
  return card(title, chartBox(title, () => distributionConfig(d.labels, d.counts, field, scored)), statLine(d));
}

/** Columns (criteria) with one stacked series per category; `colours` by series name, else low → high. */
export function stackedCard(title: string, s: Stacked, note: Child, colours?: Record<string, string>, height = 260): HTMLElement {
  if (s.columns.length === 0) return card(title, h("p", { class: "empty" }, "Nothing recorded."), note);
  const scale = scaleColours(s.series.length);
  const config = () =>
    barConfig({
      labels: s.columns,
      datasets: s.series.map((name, i) => ({ label: name, data: s.counts[i] ?? [], colour: colours?.[name] ?? (scale[i] as string) })),
      stacked: true,
      horizontal: true,
      xTitle: "count",
      legend: true,
    });
  return card(title, chartBox(title, config, Math.max(height, 60 + s.columns.length * 26)), note);
}

/** Counts as horizontal bars (paths, outcomes, agents), or a line saying there are none. */
export function countsCard(title: string, counts: readonly Count[], note: Child, empty = "None.", colour = PRIMARY): HTMLElement {
  if (counts.length === 0 || counts.every((c) => c.count === 0)) return card(title, h("p", { class: "empty" }, empty), note);
  const config = () => barConfig({ labels: counts.map((c) => c.key), datasets: [{ label: "count", data: counts.map((c) => c.count), colour }], horizontal: true, xTitle: "count", legend: false });
  return card(title, chartBox(title, config, Math.max(160, 50 + counts.length * 30)), note);
}

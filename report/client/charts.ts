/// <reference lib="dom" />
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, PointElement, ScatterController, Tooltip, type ChartConfiguration } from "chart.js";
import { h } from "./dom.js";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, ScatterController, PointElement, Tooltip, Legend);
Chart.defaults.animation = false;
Chart.defaults.font.family = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
Chart.defaults.font.size = 12;
Chart.defaults.color = "#334155";

/** Low → high: red, orange, yellow, light green, green. */
const SCALE = ["#d73027", "#f46d43", "#fdae61", "#a6d96a", "#1a9850"];

/** `n` colours along the red → green scale (for score bars ordered low to high). */
export function scaleColours(n: number): string[] {
  if (n <= 1) return [SCALE[4] as string];
  return Array.from({ length: n }, (_, i) => SCALE[Math.round((i * (SCALE.length - 1)) / (n - 1))] as string);
}

export const ACTION_COLOURS: Record<string, string> = { agreed: "#94a3b8", accepted: "#16a34a", kept: "#f59e0b", no_op: "#cbd5e1", adopted: "#7c3aed" };
export const ANSWER_COLOURS: Record<string, string> = { YES: "#16a34a", NO: "#dc2626", NA: "#94a3b8", "NA → NO (invalid)": "#f97316", ERROR: "#111827" };
export const PREFERENCE_COLOURS: Record<string, string> = { A: "#2563eb", tie: "#94a3b8", B: "#f59e0b" };
export const PRIMARY = "#2563eb";

const pending: { el: HTMLElement; make: () => ChartConfiguration }[] = [];
let observer: IntersectionObserver | null = null;

function draw(el: HTMLElement, make: () => ChartConfiguration): void {
  if (el.dataset["rendered"]) return;
  const canvas = h("canvas", { role: "img", "aria-label": el.dataset["label"] ?? "chart" });
  el.append(canvas);
  new Chart(canvas, make());
  el.dataset["rendered"] = "1";
}

/** Draws the charts not drawn yet, one per idle slice, so a long page never blocks. */
function sweep(): void {
  const next = pending.find((p) => !p.el.dataset["rendered"]);
  if (!next) return;
  draw(next.el, next.make);
  setTimeout(sweep, 16);
}

/**
 * A chart container whose chart is built when it comes near the viewport (or in idle time after
 * the page is up): `data-chart` marks it, `data-rendered` is set once drawn.
 */
export function chartBox(label: string, make: () => ChartConfiguration, height = 240): HTMLElement {
  const el = h("div", { class: "chart", "data-chart": label, "data-label": label, style: `height:${height}px` });
  pending.push({ el, make });
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        const p = pending.find((x) => x.el === e.target);
        if (p) draw(p.el, p.make);
        observer?.unobserve(e.target);
      }
    },
    { rootMargin: "300px" },
  );
  observer.observe(el);
  return el;
}

/** Starts drawing the remaining charts in the background (after the first paint). */
export function drawRemainingCharts(): void {
  setTimeout(sweep, 50);
}

const axisTitle = (text: string) => ({ display: text !== "", text });

export interface BarOptions {
  labels: string[];
  datasets: { label: string; data: number[]; colour: string | string[] }[];
  stacked?: boolean;
  horizontal?: boolean;
  xTitle?: string;
  yTitle?: string;
  legend?: boolean;
}

export function barConfig(o: BarOptions): ChartConfiguration {
  const value = { stacked: o.stacked ?? false, beginAtZero: true, title: axisTitle(o.horizontal ? (o.xTitle ?? "") : (o.yTitle ?? "")), ticks: { precision: 0 } };
  const category = { stacked: o.stacked ?? false, title: axisTitle(o.horizontal ? (o.yTitle ?? "") : (o.xTitle ?? "")), ticks: { autoSkip: true } };
  return {
    type: "bar",
    data: { labels: o.labels, datasets: o.datasets.map((d) => ({ label: d.label, data: d.data, backgroundColor: d.colour, borderWidth: 0, maxBarThickness: 48 })) },
    options: {
      indexAxis: o.horizontal ? "y" : "x",
      responsive: true,
      maintainAspectRatio: false,
      plugins: { legend: { display: o.legend ?? o.datasets.length > 1, position: "bottom", labels: { boxWidth: 12 } } },
      scales: o.horizontal ? { x: value, y: category } : { x: category, y: value },
    },
  };
}

/** Bars of a distribution (counts per bar), coloured low → high when the bars are scores. */
export function distributionConfig(labels: string[], counts: number[], xTitle: string, scored = true): ChartConfiguration {
  return barConfig({ labels, datasets: [{ label: "dialogues", data: counts, colour: scored ? scaleColours(labels.length) : PRIMARY }], xTitle, yTitle: "dialogues", legend: false });
}

export function scatterConfig(points: { x: number; y: number }[], xTitle: string, yTitle: string, ids: string[]): ChartConfiguration {
  return {
    type: "scatter",
    data: { datasets: [{ label: "dialogues", data: points, backgroundColor: "rgba(37, 99, 235, 0.35)", pointRadius: points.length > 2000 ? 2 : 3 }] },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      plugins: {
        legend: { display: false },
        tooltip: { callbacks: { label: (c) => `${ids[c.dataIndex] ?? ""}: human ${(c.parsed.x ?? 0).toFixed(2)}, judge ${(c.parsed.y ?? 0).toFixed(2)}` } },
      },
      scales: { x: { title: axisTitle(xTitle), min: 1, max: 5 }, y: { title: axisTitle(yTitle) } },
    },
  };
}

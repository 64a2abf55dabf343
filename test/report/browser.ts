/// <reference lib="dom" />
/**
 * Debian's Chromium driven by playwright-core, for the report's page tests: launch with a fresh
 * profile, open a report from disk, and read what the page did (errors, requests, charts).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type BrowserContext, type Page } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";
export const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
/** A laptop screen. */
export const VIEWPORT = { width: 1366, height: 768 };

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Launches /usr/bin/chromium with a fresh user-data-dir; a missing browser is an error saying how to install it. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} not found: the report's page test needs Debian's chromium. Install it as root with \`apt-get update && apt-get install -y chromium\` (.ci/run does this).`);
  }
  const profile = mkdtempSync(join(tmpdir(), "tribunal-chromium-"));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS, viewport: VIEWPORT, timeout: 60_000 });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export interface OpenedReport {
  page: Page;
  /** Console errors and uncaught page errors. */
  errors: string[];
  /** Every URL the page requested other than the report file itself. */
  requests: string[];
  /** From the start of navigation until the page said it is ready (table drawn, handlers wired). */
  readyMs: number;
}

export async function openReport(browser: Browser, file: string): Promise<OpenedReport> {
  const page = await browser.context.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  const url = pathToFileURL(file).href;
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`page: ${e.message}`));
  page.on("request", (r) => {
    if (r.url() !== url) requests.push(r.url());
  });
  const started = Date.now();
  await page.goto(url, { timeout: 60_000 });
  await page.waitForSelector("#app[data-ready]", { timeout: 60_000 });
  return { page, errors, requests, readyMs: Date.now() - started };
}

export interface ChartState {
  label: string;
  width: number;
  height: number;
  /** Canvas pixels that are not transparent. */
  painted: number;
}

/** Scrolls through the page until every chart is drawn, then measures each chart's canvas. */
export async function chartStates(page: Page): Promise<ChartState[]> {
  const count = await page.locator("[data-chart]").count();
  for (let i = 0; i < count; i++) await page.locator("[data-chart]").nth(i).scrollIntoViewIfNeeded();
  await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLElement>("[data-chart]")).every((el) => el.dataset["rendered"] === "1"), null, { timeout: 60_000 });
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>("[data-chart]")).map((el) => {
      const canvas = el.querySelector("canvas");
      const box = canvas?.getBoundingClientRect();
      let painted = 0;
      const ctx = canvas?.getContext("2d");
      if (canvas && ctx && canvas.width > 0 && canvas.height > 0) {
        const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
        for (let k = 3; k < pixels.length; k += 4) if ((pixels[k] as number) > 0) painted++;
      }
      return { label: el.dataset["chart"] ?? "", width: box?.width ?? 0, height: box?.height ?? 0, painted };
    }),
  );
}

/** The table's "N of M dialogues" line once it reads `expected`. */
export async function waitForCount(page: Page, expected: string): Promise<void> {
  await page.waitForFunction((text) => document.querySelector(".dialogues .count")?.textContent === text, expected, { timeout: 30_000 });
}

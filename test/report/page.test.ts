/**
 * The report in a real browser (Debian's Chromium through playwright-core): a report built from real
 * `tribunal evaluate` output of every protocol with human labels (pairwise on a pairs file), hand-made
 * pairwise lines, and a 5,000-line synthetic one.
 * Every chart must draw, the page must log no error and request nothing, the search box must filter
 * the table, a row must open its detail with verified / unverified marks, and the big page must be
 * usable within a generous bound. Screenshots go to $TMPDIR/tribunal-report-screenshots.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matches, searchText } from "../../report/client/filter.js";
import { writeReport } from "../../report/index.js";
import type { ReportData } from "../../report/model.js";
import { runCli } from "../agree/run-cli.js";
import { chartStates, launchChromium, openReport, waitForCount, type Browser } from "./browser.js";
import { COACH, HOSTILE_TURN, HOTEL, jsonlOf, SINGLE_LINES, TAXI } from "./dialogue-lines.js";
import { jsonl } from "./lines.js";
import { PAIRWISE_LINES } from "./pairwise-lines.js";
import { HOSTILE, HOSTILE_ID, syntheticResults } from "./synthetic.js";

const LABELS = "test/agree/fixtures/labelled-uss.tsv";
/** The protocols that judge one dialogue: run on LABELS. */
const PROTOCOLS = ["panel", "consensus", "checklist", "barem"] as const;
/** Pairwise judges pairs: run on a pairs file (3 pairs); its lines join no labelled dialogue. */
const PAIRS = "test/pairwise/fixtures/pairs.jsonl";
const SCREENSHOTS = join(tmpdir(), "tribunal-report-screenshots");
/** Generous: the machine is shared and noisy; this only catches a page that freezes. */
const USABLE_WITHIN_MS = 30_000;

const dir = mkdtempSync(join(tmpdir(), "tribunal-report-page-"));
let browser: Browser | undefined;
let launchError: unknown;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  try {
    browser = await launchChromium();
  } catch (e) {
    launchError = e;
  }
}, 90_000);

/** The browser, or the launch error (Chromium missing, how to install it): every test then FAILS with it, none is skipped. */
function chromiumOrFail(): Browser {
  if (!browser) throw launchError ?? new Error("Chromium did not start");
  return browser;
}
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

const expectedCount = (data: ReportData, query: string): number => data.rows.filter((r) => matches(searchText(r), r, query)).length;

describe("report page: real evaluate output of every protocol, with labels", () => {
  let file: string;
  let data: ReportData;

  beforeAll(async () => {
    const outputs = await Promise.all(
      [...PROTOCOLS, "pairwise" as const].map(async (protocol) => {
        const out = join(dir, `${protocol}.jsonl`);
        const run = await runCli(["evaluate", protocol === "pairwise" ? PAIRS : LABELS, "--protocol", protocol, "--out", out]);
        expect(run.code, run.stderr).toBe(0);
        return out;
      }),
    );
    const mixed = join(dir, "mixed.jsonl");
    writeFileSync(mixed, outputs.map((o) => readFileSync(o, "utf8")).join(""));
    file = join(dir, "mixed.html");
    ({ data } = await writeReport(mixed, file, { labels: LABELS, resamples: 200 }));
  }, 120_000);

  it("draws every chart, logs no error and requests nothing", async () => {
    const { page, errors, requests } = await openReport(chromiumOrFail(), file);
    for (const p of [...PROTOCOLS, "pairwise"]) await expect.poll(() => page.locator(`#protocol-${p}`).isVisible()).toBe(true);
    // One agreement block per single-dialogue protocol, each with its scatter and confusion matrix; pairwise gets a note instead.
    expect(await page.locator(".agreement-block").count()).toBe(4);
    expect(await page.locator(".agreement-block table.confusion").count()).toBe(4);
    expect(await page.locator("#agreement > ul.notes").textContent()).toContain("pairwise: 3 lines compare two dialogues each");
    const charts = await chartStates(page);
    const labels = charts.map((c) => c.label);
    for (const label of ["Overall (bucketed)", "Final score by criterion", "Consensus paths", "Answers by criterion", "Score YES / (YES + NO)", "Outcomes", "Preference by criterion", "Summed call time per dialogue (ms)", ...PROTOCOLS.map((p) => `Judge vs human (${p})`)]) {
      expect(labels).toContain(label);
    }
    for (const c of charts) {
      expect(c.width, c.label).toBeGreaterThan(100);
      expect(c.height, c.label).toBeGreaterThan(100);
      expect(c.painted, `${c.label} drew nothing`).toBeGreaterThan(500);
    }
    await page.locator("#agreement").scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, "evaluate-agreement.png") });
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
    await page.close();
  }, 120_000);

  it("filters the table by search and opens a panel row with its quotes marked", async () => {
    const { page, errors } = await openReport(chromiumOrFail(), file);
    const total = data.rows.length;
    expect(total).toBe(35);
    await waitForCount(page, `${total} of ${total} dialogues`);
    await page.fill("#search", "panel");
    // 8 dialogues per protocol; the panel's lines match "panel" and nothing else does.
    expect(expectedCount(data, "panel")).toBe(8);
    await waitForCount(page, `8 of ${total} dialogues`);
    const protocols = await page.locator("tr.row td:nth-child(3)").allTextContents();
    expect(protocols).toEqual(Array(8).fill("panel"));
    await page.locator("tr.row").first().click();
    const drawer = page.locator("#detail");
    await expect.poll(() => drawer.isVisible()).toBe(true);
    expect(await drawer.locator(".criterion").count()).toBe(6);
    expect(await drawer.locator(".quote-mark.verified").count()).toBeGreaterThan(0);
    expect(await drawer.locator(".part-label").allTextContents()).toEqual(expect.arrayContaining(["Evaluator", "Critic", "Referee"]));
    // The labels file holds the text: the transcript is beside the verdicts, with the turns the evaluator quoted highlighted.
    expect(await drawer.locator(".dialogue-column .transcript li.turn-item").count()).toBeGreaterThan(2);
    expect(await drawer.locator(".dialogue-column .transcript li.turn-item.quoted").count()).toBeGreaterThan(0);
    expect(await drawer.locator(".human").textContent()).toMatch(/human OVERALL: [1-5](, [1-5])+ \(mean \d\.\d\d on 1–5\)/);
    await page.keyboard.press("Escape");
    await expect.poll(() => drawer.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it("opens a pair: both sides' verified quotes per criterion and the one round", async () => {
    const { page, errors } = await openReport(chromiumOrFail(), file);
    await page.fill("#search", "pairwise");
    await waitForCount(page, `3 of ${data.rows.length} dialogues`);
    await page.locator("tr.row").first().click();
    const drawer = page.locator("#detail");
    await expect.poll(() => drawer.isVisible()).toBe(true);
    expect(await drawer.locator(".criterion").count()).toBe(6);
    // The offline judge quotes each side's own utterances: every quote of A and of B is found in its side.
    expect(await drawer.locator(".criterion .quote-mark.verified").count()).toBe(12);
    expect(await drawer.locator(".quote-mark.unverified").count()).toBe(0);
    expect(await drawer.locator(".pairwise-round").count()).toBe(1);
    expect(await drawer.locator(".summary").textContent()).toMatch(/^(A|B) wins · A = \S+, B = \S+ · 1 round position consistent$/);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});

describe("report page: the transcript beside the verdicts, and the human column", () => {
  let file: string;
  let bare: string;
  let data: ReportData;

  beforeAll(async () => {
    const results = join(dir, "quoted.jsonl");
    const labels = join(dir, "quoted-labels.jsonl");
    writeFileSync(results, jsonl(SINGLE_LINES));
    writeFileSync(labels, jsonlOf([TAXI, HOTEL, COACH]));
    file = join(dir, "quoted.html");
    ({ data } = await writeReport(results, file, { labels, resamples: 50 }));
    bare = join(dir, "quoted-bare.html");
    await writeReport(results, bare);
  });

  it("sorts by |judge − human|, largest first, and says how the two are put on one scale", async () => {
    const { page, errors, requests } = await openReport(chromiumOrFail(), file);
    await waitForCount(page, "3 of 3 dialogues");
    expect(await page.locator(".dialogues thead th").allTextContents()).toEqual(expect.arrayContaining(["human", "|j − h|"]));
    expect(await page.locator(".gap-rule").textContent()).toBe(data.gapRule);
    await page.locator(".dialogues th", { hasText: "|j − h|" }).click();
    // Gaps: coach 3, hotel 2.167, taxi 1.033 (test/report/dialogue-panel.test.ts works them out).
    await expect.poll(() => page.locator("tr.row td:nth-child(2)").allTextContents()).toEqual(["coach", "hotel", "taxi"]);
    expect(await page.locator("tr.row td:nth-child(7)").allTextContents()).toEqual(["1.00", "2.33", "4.33"]);
    expect(await page.locator("tr.row td:nth-child(8)").allTextContents()).toEqual(["3.00", "2.17", "1.03"]);
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
    await page.close();
  }, 60_000);

  it("opens a dialogue: every turn with its role, the quoted turns highlighted, a <script> turn shown as text, the human rating", async () => {
    const { page, errors } = await openReport(chromiumOrFail(), file);
    await page.fill("#search", "taxi");
    await waitForCount(page, "1 of 3 dialogues");
    await page.locator("tr.row").first().click();
    const drawer = page.locator("#detail");
    await expect.poll(() => drawer.isVisible()).toBe(true);
    expect(await drawer.getAttribute("class")).toContain("wide");
    const turns = drawer.locator(".dialogue-column li.turn-item");
    expect(await turns.locator(".role").allTextContents()).toEqual(["assistant", "user", "assistant", "user"]);
    expect(await drawer.locator(".dialogue-column li.turn-item.quoted").evaluateAll((els) => els.map((el) => el.getAttribute("data-turn")))).toEqual(["1", "2", "3"]);
    expect(await turns.nth(2).locator(".quoted-by").allTextContents()).toEqual(["evaluator · TaskSuccess"]);
    expect(await turns.nth(3).locator(".turn-text").textContent()).toBe(HOSTILE_TURN);
    expect(await turns.nth(3).locator("script, img, b").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(await drawer.locator(".unplaced li").allTextContents()).toEqual(["evaluator · Empathy so sorry"]);
    expect(await drawer.locator(".human").textContent()).toBe("Human ratinghuman OVERALL: 4, 4, 5 (mean 4.33 on 1–5)Judge referee_final.numeric_weighted_average 66.00 → 3.30 on 1–5 · |judge − human| 1.03");
    // A quote's turn in the verdicts shows that turn of the transcript.
    await drawer.locator(".verdicts button.turn", { hasText: "turn 3" }).click();
    await expect.poll(() => turns.nth(2).getAttribute("class")).toContain("flash");
    await page.screenshot({ path: join(SCREENSHOTS, "transcript-detail.png") });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it("built without the dialogues, the panel says how to get the transcript", async () => {
    const { page, errors } = await openReport(chromiumOrFail(), bare);
    await waitForCount(page, "3 of 3 dialogues");
    expect(await page.locator(".dialogues thead th").allTextContents()).not.toContain("human");
    await page.locator("tr.row").first().click();
    const drawer = page.locator("#detail");
    await expect.poll(() => drawer.isVisible()).toBe(true);
    expect(await drawer.locator(".no-transcript").textContent()).toContain("Build it with --dialogues <the file tribunal evaluate read>");
    expect(await drawer.locator(".transcript").count()).toBe(0);
    expect(await drawer.getAttribute("class")).not.toContain("wide");
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});

describe("report page: hand-made pairwise lines", () => {
  let file: string;

  beforeAll(async () => {
    const results = join(dir, "pairwise-hand.jsonl");
    writeFileSync(results, jsonl(PAIRWISE_LINES));
    file = join(dir, "pairwise-hand.html");
    await writeReport(results, file);
  });

  it("shows the win rate with its interval and draws the pairwise charts", async () => {
    const { page, errors, requests } = await openReport(chromiumOrFail(), file);
    const tiles = await page.locator("#protocol-pairwise .tile").allTextContents();
    expect(tiles).toEqual([
      "1A wins (25.0 %)",
      "2ties (50.0 %)",
      "1B wins (25.0 %)",
      "0.500 [0.125, 0.875]win rate of A, ties ½ [95 % CI]",
      "3position consistent (75.0 %)",
      "2reconsidered (1 consistent after)",
      "1ties for position bias",
    ]);
    expect(await page.locator("table.pairwise-criteria tbody tr").allInnerTexts()).toEqual(["TaskSuccess\t1\t2\t1\t0.500 [0.125, 0.875]", expect.stringMatching(/^Empathy\t2\t1\t1\t0\.625 \[/)]);
    const charts = await chartStates(page);
    expect(charts.map((c) => c.label)).toEqual(expect.arrayContaining(["Outcomes", "Preference by criterion"]));
    for (const c of charts) expect(c.painted, `${c.label} drew nothing`).toBeGreaterThan(500);
    await page.locator("#protocol-pairwise").scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, "pairwise-section.png") });
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
    await page.close();
  }, 60_000);

  it("marks B's quote that is not in B, and shows both rounds of a pair left tied for position bias", async () => {
    const { page, errors } = await openReport(chromiumOrFail(), file);
    await page.fill("#search", "unverified");
    await waitForCount(page, "1 of 5 dialogues");
    await page.locator("tr.row").first().click();
    const drawer = page.locator("#detail");
    await expect.poll(() => drawer.isVisible()).toBe(true);
    const empathy = drawer.locator(".criterion", { hasText: "Empathy" });
    expect(await empathy.locator(".quote-mark.unverified").allTextContents()).toEqual(["✗ not found"]);
    expect(await empathy.locator(".quote-mark.verified").count()).toBe(1);
    await page.keyboard.press("Escape");
    await expect.poll(() => drawer.isVisible()).toBe(false);

    await page.fill("#search", "position_bias");
    // Still "1 of 5" as for the last search: wait for the row itself.
    await expect.poll(() => page.locator("tr.row td:nth-child(2)").allTextContents()).toEqual(["w3"]);
    await page.locator("tr.row").first().click();
    await expect.poll(() => drawer.isVisible()).toBe(true);
    expect(await drawer.locator(".summary").textContent()).toBe("Tie (position bias) · A = w3-a, B = w3-b · 2 rounds position inconsistent");
    expect(await drawer.locator(".pairwise-round h4").allTextContents()).toEqual(["Round 1: the two comparisons inconsistent", "Round 2: the two reconsiderations inconsistent"]);
    // Each round: the orders differ on the winner and on TaskSuccess, agree on Empathy.
    expect(await drawer.locator(".pairwise-round .badge", { hasText: "differs" }).count()).toBe(4);
    await page.screenshot({ path: join(SCREENSHOTS, "pairwise-detail.png") });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});

describe("report page: 5,000 synthetic dialogues", () => {
  let file: string;
  let data: ReportData;
  let built: { ms: number; bytes: number };

  beforeAll(async () => {
    const results = join(dir, "synthetic.jsonl");
    writeFileSync(results, syntheticResults(5000).map((l) => `${JSON.stringify(l)}\n`).join(""));
    file = join(dir, "synthetic.html");
    const started = Date.now();
    const out = await writeReport(results, file);
    data = out.data;
    built = { ms: Date.now() - started, bytes: out.bytes };
  }, 120_000);

  it("becomes usable quickly, draws every chart, runs no injected markup", async () => {
    const { page, errors, requests, readyMs } = await openReport(chromiumOrFail(), file);
    const searchStarted = Date.now();
    await page.fill("#search", "kept unverified");
    const keptUnverified = expectedCount(data, "kept unverified");
    expect(keptUnverified).toBeGreaterThan(100);
    await waitForCount(page, `${keptUnverified.toLocaleString("en-US")} of 5,000 dialogues`);
    const searchMs = Date.now() - searchStarted;
    const chartsStarted = Date.now();
    const charts = await chartStates(page);
    const chartsMs = Date.now() - chartsStarted;
    console.info(`report of 5,000 lines: built in ${built.ms} ms (${(built.bytes / 1e6).toFixed(1)} MB); usable ${readyMs} ms after navigation; search answered in ${searchMs} ms; ${charts.length} charts drawn in ${chartsMs} ms more`);
    expect(readyMs).toBeLessThan(USABLE_WITHIN_MS);
    expect(searchMs).toBeLessThan(USABLE_WITHIN_MS);
    expect(charts.length).toBeGreaterThanOrEqual(15);
    for (const c of charts) expect(c.painted, `${c.label} drew nothing`).toBeGreaterThan(500);
    // The table draws only the rows in view.
    expect(await page.locator("tr.row").count()).toBeLessThan(100);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
    await page.close();
  }, 180_000);

  it("opens a row with a kept suggestion: the unverified quote is marked, the verified ones too", async () => {
    const { page, errors } = await openReport(chromiumOrFail(), file);
    await page.fill("#search", "kept unverified");
    await page.waitForFunction(() => document.querySelector(".dialogues .count")?.textContent?.startsWith("5,000") === false);
    await page.locator("tr.row").first().click();
    const drawer = page.locator("#detail");
    await expect.poll(() => drawer.isVisible()).toBe(true);
    const kept = drawer.locator(".criterion", { has: page.locator(".badge", { hasText: /^kept$/ }) }).first();
    expect(await kept.locator(".quote-mark.unverified").count()).toBeGreaterThan(0);
    expect(await drawer.locator(".quote-mark.verified").count()).toBeGreaterThan(0);
    expect(await kept.locator(".quote-mark.unverified").first().textContent()).toBe("✗ not found");
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.screenshot({ path: join(SCREENSHOTS, "synthetic-detail.png") });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it("shows hostile text as text, sorts, and scrolls to the last row", async () => {
    const { page, errors } = await openReport(chromiumOrFail(), file);
    await page.screenshot({ path: join(SCREENSHOTS, "synthetic-top.png") });
    await page.fill("#search", "<img");
    await waitForCount(page, "1 of 5,000 dialogues");
    expect(await page.locator("tr.row td:nth-child(2)").first().textContent()).toBe(HOSTILE_ID);
    await page.locator("tr.row").first().click();
    const drawer = page.locator("#detail");
    expect(await drawer.locator(".dialogue-id").textContent()).toBe(HOSTILE_ID);
    expect(await drawer.textContent()).toContain(HOSTILE);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    await page.keyboard.press("Escape");

    await page.fill("#search", "");
    await waitForCount(page, "5,000 of 5,000 dialogues");
    const fewest = Math.min(...data.rows.map((r) => r.tokens ?? Infinity));
    await page.locator(".dialogues th", { hasText: /^tokens$/ }).click();
    await expect.poll(() => page.locator("tr.row td:nth-child(8)").first().textContent()).toBe(fewest.toLocaleString("en-US"));
    await page.locator(".dialogues th", { hasText: /^line$/ }).click();
    await page.locator(".table-wrap").evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect.poll(() => page.locator("tr.row td:nth-child(2)").last().textContent()).toBe(data.rows.at(-1)?.id);
    await page.locator("#dialogues").scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, "synthetic-table.png") });
    await page.screenshot({ path: join(SCREENSHOTS, "synthetic-full.png"), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});

/**
 * The report of a jury's results: the members' agreement section (Krippendorff's α per criterion, the
 * failures) and each line's members in its detail panel, in the data and in a real browser.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { evaluateDialogue } from "../../api/evaluate.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { collectReportData } from "../../report/data.js";
import { writeReport } from "../../report/index.js";
import { ScriptedChatModel } from "../support/scripted-model.js";
import { CRITERIA } from "../support/panel-answers.js";
import { launchChromium, openReport, type Browser } from "../report/browser.js";

const dialogue = (id: string, said: string): Dialogue => ({ id, turns: [{ speaker: "user", text: said }, { speaker: "assistant", text: "I have fixed it for you." }] });
const DIALOGUES = [dialogue("d1", "My order never arrived."), dialogue("d2", "I was charged twice.")];

/** A panel member scoring every criterion of each dialogue as given (an Error: its calls fail); its critic agrees. */
function member(byDialogue: Record<string, number | Error>) {
  return new ScriptedChatModel((call) => {
    const system = String(call.messages[0]?.content ?? "");
    const utterance = /^\[\d+\] USER: (.*)$/m.exec(system)?.[1] ?? "";
    const id = utterance.startsWith("My order") ? "d1" : "d2";
    const score = byDialogue[id];
    if (score instanceof Error) return score;
    if (call.role === "critic") return { critic: CRITERIA.map((criterion) => ({ criterion, comment: "", agree: true, suggested_score: null })) };
    return Object.fromEntries(CRITERIA.map((c) => [c, { justification: `USER: "${utterance}"`, score }]));
  });
}

const dir = mkdtempSync(join(tmpdir(), "tribunal-jury-report-"));
let browser: Browser | undefined;
afterAll(async () => browser?.close());

async function juryResults(): Promise<string> {
  // a: 80, 100; b: 60, 100; c: 80 on d1, fails on d2.
  const jury = [
    { name: "a", model: member({ d1: 80, d2: 100 }) },
    { name: "b", model: member({ d1: 60, d2: 100 }) },
    { name: "c", model: member({ d1: 80, d2: new Error("connection refused") }) },
  ];
  const lines = [];
  for (const d of DIALOGUES) lines.push(await evaluateDialogue(d, { jury, maxRetries: 0, onFailure: "unscored" }));
  const file = join(dir, "jury.jsonl");
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  return file;
}

describe("report of a jury run", () => {
  it("gives the members' α per criterion and each line's members", async () => {
    const data = await collectReportData(await juryResults());
    // Every criterion: d1 {80, 60, 80}, d2 {100, 100} (c missing). Within units: d1 Σ_{i≠j} δ² = 2·3·Σ(v − 73.33)² = 6·266.67 = 1600,
    // /(3 − 1) = 800; d2 0. n = 5, D_o = 800 / 5 = 160. All values 80, 60, 80, 100, 100 (mean 84): Σ(v − 84)² = 16 + 576 + 16 + 256 + 256 = 1120,
    // Σ_{i≠j} δ² = 2·5·1120 = 11200, D_e = 11200 / 20 = 560. α = 1 − 160 / 560 = 0.7143.
    expect(data.juries).toHaveLength(1);
    expect(data.juries[0]).toMatchObject({ protocol: "panel", members: ["a", "b", "c"], dialogues: 2, failures: { c: 1 }, metric: "interval", overall: 0.7143 });
    expect(data.juries[0]?.criteria).toContainEqual({ criterion: "TaskSuccess", alpha: 0.7143 });
    const d2 = data.details[data.rows.findIndex((r) => r.id === "d2")];
    expect(d2?.jury?.members.map((m) => [m.member, m.status, m.headline])).toEqual([
      ["a", "scored", 100],
      ["b", "scored", 100],
      ["c", "unscored", null],
    ]);
    expect(d2?.jury?.members[2]?.error).toContain("connection refused");
  });

  it("shows the jury section and a line's members in the browser", async () => {
    const html = join(dir, "jury.html");
    await writeReport(await juryResults(), html, {});
    browser = await launchChromium();
    const { page, errors } = await openReport(browser, html);
    const section = page.locator("#jury");
    await expect(section.textContent()).resolves.toContain("jury of 3");
    await expect(section.textContent()).resolves.toContain("0.71");
    await expect(section.textContent()).resolves.toContain("c on 1 dialogue");
    await page.locator("tr", { hasText: "d2" }).first().click();
    const drawer = page.locator("#detail");
    await expect(drawer.textContent()).resolves.toContain("Jury of 3");
    await expect(drawer.textContent()).resolves.toContain("connection refused");
    expect(errors).toEqual([]);
  }, 120_000);
});

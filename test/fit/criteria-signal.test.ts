/**
 * Issue 12: each criterion of the offline judge carries its own signal. On the USS dialogues, no
 * criterion is a copy of the fitted satisfaction, each criterion moves most with its own signal
 * (Empathy with the assistant's empathy, TaskSuccess with how the dialogue closes, …), no signal
 * belongs to two criteria, and each justification names its criterion's own signal: two criteria of
 * one dialogue never give the same reason, and few justifications fall back on the overall reading.
 */
import { describe, expect, it } from "vitest";
import { readDialogues } from "../../dialogues/read.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { applyLinear, modelInputs, offlineWeights, type InputName } from "../../judges/offline/model.js";
import { spearman } from "../../metrics/spearman.js";
import { evaluateMany } from "../../index.js";
import { ussFile } from "../support/uss-data.js";

const CRITERIA = ["TaskSuccess", "Helpfulness", "Accuracy", "Understanding", "Empathy", "Fluency"] as const;

/** Each criterion's own signal and the way it should move the criterion (+1 raises it, −1 lowers it). */
const OWN_SIGNAL: Record<(typeof CRITERIA)[number], { input: InputName; sign: 1 | -1 }> = {
  TaskSuccess: { input: "closingQuality", sign: 1 },
  Helpfulness: { input: "replyQuality", sign: 1 },
  Accuracy: { input: "hedges", sign: -1 },
  Understanding: { input: "userRepeats", sign: -1 },
  Empathy: { input: "assistantEmpathy", sign: 1 },
  Fluency: { input: "lowercaseOrNoPunctuation", sign: -1 },
};

async function dialogues(dataset: string): Promise<Dialogue[]> {
  const out: Dialogue[] = [];
  for await (const d of readDialogues(ussFile(`${dataset}.txt`))) out.push(d);
  return out;
}

type Line = { evaluator: Record<string, { score: number; justification: string }> };

const FALLBACK = "nothing specific to";

describe("the offline criteria's own signals", () => {
  it("belong to one criterion each, so two criteria cannot give the same reason", () => {
    const owners = new Map<string, string[]>();
    for (const [criterion, model] of Object.entries(offlineWeights().criteria)) for (const input of Object.keys(model.coefficients)) owners.set(input, [...(owners.get(input) ?? []), criterion]);
    expect([...owners].filter(([, criteria]) => criteria.length > 1)).toEqual([]);
    expect(owners.size).toBeGreaterThanOrEqual(CRITERIA.length);
  });
});

describe("each criterion of the offline judge carries its own signal (needs the USS data)", () => {
  it.each(["CCPE", "MWOZ"])("%s", async (dataset) => {
    const data = await dialogues(dataset);
    const lines: Line[] = [];
    for await (const line of evaluateMany(data, { protocol: "panel", blind: true, concurrency: 8 })) lines.push(line as unknown as Line);
    expect(lines).toHaveLength(data.length);
    const scores = (id: string) => lines.map((l) => l.evaluator[id]?.score as number);

    // The fitted satisfaction every criterion used to copy (ρ .93–.995 before).
    const fitted = data.map((d) => applyLinear(offlineWeights().shared, modelInputs(d)).value);
    for (const id of CRITERIA) expect(spearman(scores(id), fitted), `${id} vs the fitted satisfaction`).toBeLessThan(0.9);

    // Each criterion moves with its own signal more than any other criterion does.
    for (const [id, { input, sign }] of Object.entries(OWN_SIGNAL)) {
      const signal = data.map((d) => modelInputs(d).values[input]);
      const along = (other: string) => sign * (spearman(scores(other), signal) ?? 0);
      const others = CRITERIA.filter((c) => c !== id).map(along);
      expect(along(id), `${id} along ${input}`).toBeGreaterThan(Math.max(...others));
    }

    // Justifications: each names its criterion's own signal (its reason, the text before the quote),
    // no two of a dialogue name the same one, and few say that nothing specific stood out.
    const reasons = lines.map((l) => CRITERIA.map((id) => (l.evaluator[id]?.justification ?? "").replace(`${id}: `, "").replace(/, e\.g\. .*$/s, "")));
    const own = reasons.map((r) => r.filter((reason) => !reason.startsWith(FALLBACK)));
    expect(own.filter((r) => new Set(r).size < r.length)).toEqual([]);
    const fallbacks = reasons.flat().filter((reason) => reason.startsWith(FALLBACK)).length;
    expect(fallbacks / (CRITERIA.length * lines.length)).toBeLessThan(0.25);
    for (const line of lines) for (const id of CRITERIA) expect(line.evaluator[id]?.justification).toMatch(/, e\.g\. (?:USER|SYSTEM): ["“«]/);
  }, 300_000);
});

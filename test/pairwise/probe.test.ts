/** The pairwise probe: one (A,B) comparison of the probe dialogue with a worse copy, checked like any comparison. */
import { describe, expect, it } from "vitest";
import { PROBE_DIALOGUE } from "../../judges/probe.js";
import { ensurePairwiseConfiguration } from "../../nodes/pairwise/configuration.js";
import { pairwiseProbe, UNHELPFUL_REPLY, worse } from "../../nodes/pairwise/probe.js";
import { CRITERIA, scripted } from "./helpers.js";

const REPLY = PROBE_DIALOGUE.turns[1]?.text as string;

const verdict = (evidence_1: string, evidence_2: string) => ({
  criteria: CRITERIA.map((criterion) => ({ criterion, evidence_1, evidence_2, reasoning: "r", preference: "1" })),
  reasoning: "r",
  winner: "1",
});

async function probe(answer: object) {
  const model = scripted({ comparison: () => answer });
  const configuration = ensurePairwiseConfiguration({ configurable: { chatModel: model } });
  const judge = configuration.llmJudges()[0];
  if (!judge) throw new Error("no judge");
  return { model, result: await pairwiseProbe(configuration, PROBE_DIALOGUE, { configurable: {} }, judge) };
}

describe("pairwiseProbe", () => {
  it("the worse copy keeps the user's turns and replaces every reply", () => {
    const w = worse(PROBE_DIALOGUE);
    expect(w.turns.map((t) => t.speaker)).toEqual(PROBE_DIALOGUE.turns.map((t) => t.speaker));
    expect(w.turns.filter((t) => t.speaker === "assistant").map((t) => t.text)).toEqual([UNHELPFUL_REPLY]);
    expect(w.turns[0]?.text).toBe(PROBE_DIALOGUE.turns[0]?.text);
  });

  it("passes when the model answers the comparison contract with each side's own quotes (one call)", async () => {
    const { model, result } = await probe(verdict(`SYSTEM: "${REPLY}"`, `SYSTEM: "${UNHELPFUL_REPLY}"`));
    expect(result.ok).toBe(true);
    expect(model.calls.map((c) => c.role)).toEqual(["comparison"]);
  });

  it("fails (never replaced by the offline judge) when the quotes stay on the wrong side after the repair", async () => {
    const { model, result } = await probe(verdict(`SYSTEM: "${UNHELPFUL_REPLY}"`, `SYSTEM: "${REPLY}"`));
    expect(model.calls).toHaveLength(2);
    expect(result.ok).toBe(false);
    expect(result.ok ? undefined : result.failure).toMatchObject({ agent: "comparison:AB", kind: "invalid_output", message: expect.stringContaining("quotes Dialogue 2 as Dialogue 1") });
  });
});

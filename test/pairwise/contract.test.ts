/** The comparison contract: coverage, and evidence quoted from the right dialogue (never trusted: verified per side). */
import { describe, expect, it } from "vitest";
import { checkPairVerdict, PairVerdictOutput } from "../../nodes/pairwise/contracts.js";
import { PAIRWISE_TOOLS } from "../../nodes/pairwise/tools.js";
import { answer, BAD, BAD_REPLY, CS, GOOD, GOOD_REPLY } from "./helpers.js";

const withEvidence = (evidence_1: string, evidence_2: string, only = "TaskSuccess") => {
  const out = answer(GOOD, BAD, "1");
  out.criteria = out.criteria.map((c) => (c.criterion === only ? { ...c, evidence_1, evidence_2 } : c));
  return out;
};

describe("checkPairVerdict", () => {
  it("accepts an answer that covers every criterion and quotes each dialogue in its own field", () => {
    expect(checkPairVerdict(answer(GOOD, BAD, "1"), CS, GOOD, BAD)).toEqual([]);
  });

  it("a quote of Dialogue 2 in evidence_1 is a problem naming the mix-up (what triggers the repair turn)", () => {
    const problems = checkPairVerdict(withEvidence(`SYSTEM: "${BAD_REPLY}"`, `SYSTEM: "${BAD_REPLY}"`), CS, GOOD, BAD);
    expect(problems).toEqual([{ kind: "unverified_quote", message: `TaskSuccess evidence_1 quotes Dialogue 2 as Dialogue 1: "${BAD_REPLY}"; quote each dialogue only in its own evidence field` }]);
  });

  it("…even when the field also holds a right quote; and the other way round for evidence_2", () => {
    const problems = checkPairVerdict(withEvidence(`SYSTEM: "${GOOD_REPLY}" and SYSTEM: "${BAD_REPLY}"`, `SYSTEM: "${GOOD_REPLY}"`), CS, GOOD, BAD);
    expect(problems.map((p) => p.message)).toEqual([
      `TaskSuccess evidence_1 quotes Dialogue 2 as Dialogue 1: "${BAD_REPLY}"; quote each dialogue only in its own evidence field`,
      `TaskSuccess evidence_2 quotes Dialogue 1 as Dialogue 2: "${GOOD_REPLY}"; quote each dialogue only in its own evidence field`,
    ]);
  });

  it("the same check in the (B,A) order: there Dialogue 1 is B, so B's reply is right in evidence_1", () => {
    expect(checkPairVerdict(answer(BAD, GOOD, "2"), CS, BAD, GOOD)).toEqual([]);
    expect(checkPairVerdict(answer(GOOD, BAD, "2"), CS, BAD, GOOD).filter((p) => p.message.startsWith("TaskSuccess"))).toHaveLength(2);
  });

  it("a field with no quote, or with invented words, is unverified; a speaker label must match the speaker", () => {
    const problems = checkPairVerdict(withEvidence("the assistant was helpful", `SYSTEM: "we will call you back tomorrow"`), CS, GOOD, BAD);
    expect(problems.map((p) => p.message)).toEqual(["TaskSuccess evidence_1 quotes no utterance", 'TaskSuccess evidence_2 quotes text that is not in Dialogue 2: "we will call you back tomorrow"']);
    // GOOD's reply is an assistant turn: labelled USER it does not verify.
    expect(checkPairVerdict(withEvidence(`USER: "${GOOD_REPLY}"`, `SYSTEM: "${BAD_REPLY}"`), CS, GOOD, BAD).map((p) => p.message)).toEqual([`TaskSuccess evidence_1 quotes text that is not in Dialogue 1: "${GOOD_REPLY}"`]);
  });

  it("a missing and an unknown criterion are problems too", () => {
    const out = answer(GOOD, BAD, "1");
    out.criteria = [...out.criteria.slice(1), { ...(out.criteria[0] as (typeof out.criteria)[number]), criterion: "Speed" }];
    expect(checkPairVerdict(out, CS, GOOD, BAD).map((p) => p.kind)).toEqual(["missing_criteria", "schema_invalid"]);
  });
});

describe("the schema and tools", () => {
  it("puts reasoning before the verdict and uses no optional fields (strict json_schema needs every field required)", () => {
    expect(Object.keys(PairVerdictOutput.shape)).toEqual(["criteria", "reasoning", "winner"]);
    const entry = PairVerdictOutput.shape.criteria.element;
    expect(Object.keys(entry.shape)).toEqual(["criterion", "evidence_1", "evidence_2", "reasoning", "preference"]);
    expect(PairVerdictOutput.safeParse({ criteria: [], reasoning: "r", winner: "A" }).success).toBe(false);
    expect(PAIRWISE_TOOLS.map((t) => t.name)).toEqual(["comparison", "reconsideration"]);
  });
});

/// <reference lib="dom" />
import type { BaremDetail, ChecklistDetail, ConsensusDetail, ScoreSet } from "../model.js";
import { rulesTable } from "./detail-panel.js";
import { badge, fmt, h, table } from "./dom.js";

/** Barem: each criterion's score and justification, the recomputed overall and its arithmetic. */
export function baremBody(d: BaremDetail): HTMLElement {
  return h(
    "div",
    null,
    h("p", { class: "summary" }, `Overall ${fmt(d.overall.score)} · weighted average ${fmt(d.average, 2)}`),
    table(["criterion", "score", "justification"], d.criteria.map((c) => [h("strong", null, c.criterion), fmt(c.score), c.justification])),
    h("div", { class: "block" }, h("h4", null, "Arithmetic"), h("p", null, h("code", null, d.weightedCalc || "—")), h("p", null, d.overall.justification || d.mappingRule)),
    rulesTable(d.rules),
  );
}

function moves(before: ScoreSet | null, after: ScoreSet | null): string {
  if (!before || !after) return "—";
  const parts = Object.keys(after.criteria).map((c) => `${c} ${fmt(before.criteria[c] ?? null, 2)} → ${fmt(after.criteria[c] ?? null, 2)}`);
  return [`overall ${fmt(before.overall, 2)} → ${fmt(after.overall, 2)}`, ...parts].join(" · ");
}

/** Consensus: final scores, both agents' reasoning per criterion, and each debate round. */
export function consensusBody(d: ConsensusDetail): HTMLElement {
  return h(
    "div",
    null,
    h(
      "p",
      { class: "summary" },
      `Overall ${fmt(d.overall, 2)} = 0.6 × strict ${fmt(d.strictFinal, 2)} + 0.4 × generous ${fmt(d.generousFinal, 2)} · ${d.method || "?"} after ${fmt(d.rounds)} round${d.rounds === 1 ? "" : "s"}`,
    ),
    table(["criterion", "score", "strict", "generous"], d.criteria.map((c) => [h("strong", null, c.criterion), fmt(c.score, 2), c.strict, c.generous])),
    h("div", { class: "block" }, h("h4", null, "Agents"), h("p", null, h("strong", null, "Strict: "), d.strictReasoning || "—"), h("p", null, h("strong", null, "Generous: "), d.generousReasoning || "—")),
    d.debate.map((r) =>
      h(
        "div",
        { class: "block" },
        h("h4", null, `Debate round ${fmt(r.round)}`, " ", r.agreed === true ? badge("agreed", "good") : r.agreed === false ? badge("no agreement", "warn") : null, r.difference !== null ? ` |S − G| = ${fmt(r.difference, 2)}` : ""),
        h("p", null, h("strong", null, "Generous on strict: "), r.critique || "—"),
        h("p", null, h("strong", null, "Strict: "), moves(r.strictBefore, r.strictAfter)),
        r.reasoning ? h("p", { class: "muted" }, r.reasoning) : null,
        h("p", null, h("strong", null, "Generous: "), moves(r.generousBefore, r.generousAfter)),
      ),
    ),
  );
}

const ANSWER_TONES: Record<string, string> = { YES: "good", NO: "bad", NA: "", ERROR: "bad" };

/** Checklist: every criterion's answer, how it counted, the safety gate and the score. */
export function checklistBody(d: ChecklistDetail): HTMLElement {
  const outcome = d.rejected ? badge("rejected by the safety gate", "bad") : d.passed ? badge("passed", "good") : badge("failed", "warn");
  return h(
    "div",
    null,
    h("p", { class: "summary" }, `Score ${fmt(d.score, 4)} = YES ${fmt(d.yes)} / (YES ${fmt(d.yes)} + NO ${fmt(d.no)}) · NA ${fmt(d.na)} · errors ${fmt(d.errors)} · pass mark ${fmt(d.passThreshold, 2)} `, outcome),
    d.gate.tripped ? h("p", { class: "alert" }, `Safety gate tripped by ${d.gate.criteria.join(", ")}`) : null,
    table(
      ["criterion", "answer", "counted as", "reasoning"],
      d.criteria.map((c) => [
        h("span", null, h("strong", null, c.id), c.safety ? [" ", badge("safety", d.gate.criteria.includes(c.id) ? "bad" : "")] : null, c.category ? h("div", { class: "muted" }, c.category) : null),
        badge(c.answer, ANSWER_TONES[c.answer] ?? ""),
        c.invalidNa ? badge(`${c.countedAs} (invalid NA)`, "warn") : c.countedAs,
        c.reasoning,
      ]),
    ),
  );
}

/// <reference lib="dom" />
import type { PanelCriterionDetail, PanelDetail, QuoteMark, RuleFired } from "../model.js";
import { badge, fmt, h, table, type Child } from "./dom.js";

/** A quote with its mark: ✓ verified (found in the transcript) or ✗ not found; its turn shows that turn of the transcript (of `side`, for a pair). */
export function quoteList(quotes: readonly QuoteMark[], side?: "A" | "B"): HTMLElement | null {
  if (quotes.length === 0) return null;
  return h(
    "ul",
    { class: "quotes" },
    quotes.map((q) =>
      h(
        "li",
        null,
        q.verified ? h("span", { class: "quote-mark verified", title: "found in the transcript" }, "✓ verified") : h("span", { class: "quote-mark unverified", title: "not found in the transcript" }, "✗ not found"),
        " ",
        h("q", null, q.quote),
        q.turn !== null ? " " : null,
        q.turn !== null ? h("button", { type: "button", class: "turn", "data-quote-turn": q.turn, "data-side": side, title: "show this turn in the transcript" }, `turn ${q.turn}`) : null,
      ),
    ),
  );
}

export function rulesTable(rules: readonly RuleFired[]): HTMLElement | null {
  if (rules.length === 0) return null;
  return h("div", { class: "block" }, h("h4", null, "Rules"), table(["rule", "criterion", "fired", "detail"], rules.map((r) => [r.rule, r.criterion ?? "—", r.fired ? badge("fired", "warn") : "no", r.detail])));
}

const ACTION_TONES: Record<string, string> = { accepted: "good", kept: "warn", adopted: "violet", no_op: "", agreed: "" };

function part(label: string, ...children: Child[]): HTMLElement {
  return h("div", { class: "part" }, h("span", { class: "part-label" }, label), h("div", { class: "part-body" }, ...children));
}

function criterionCard(c: PanelCriterionDetail): HTMLElement {
  const action = c.decision?.action ?? "";
  const changed = c.evaluator.score !== c.final.score;
  const critic = c.critic;
  return h(
    "div",
    { class: "criterion" },
    h(
      "div",
      { class: "criterion-head" },
      h("strong", null, c.criterion),
      h("span", { class: "scores" }, `evaluator ${fmt(c.evaluator.score)}`, critic?.suggested !== null && critic?.suggested !== undefined ? ` · critic ${fmt(critic.suggested)}` : "", " → ", h("strong", { class: changed ? "changed" : "" }, `final ${fmt(c.final.score)}`)),
      action ? badge(action.replace("_", "-"), ACTION_TONES[action] ?? "") : null,
    ),
    part("Evaluator", h("p", null, c.evaluator.justification || "—"), quoteList(c.evaluator.quotes)),
    critic
      ? part(
          "Critic",
          h("p", null, critic.agree === true ? "agrees" : critic.agree === false ? `disagrees${critic.suggested !== null ? `, suggests ${critic.suggested}` : ", no score suggested"}` : "—", critic.comment ? `: ${critic.comment}` : ""),
        )
      : null,
    c.decision ? part("Referee", h("p", null, c.decision.reason || action), quoteList(c.decision.quotes)) : null,
    c.final.justification ? part("Final", h("p", null, c.final.justification)) : null,
  );
}

/** Panel: per criterion the evaluator, the critic, the referee's decision with its quotes, the final score. */
export function panelBody(d: PanelDetail): HTMLElement {
  return h(
    "div",
    null,
    h(
      "p",
      { class: "summary" },
      `Overall ${fmt(d.overall)} · weighted average ${fmt(d.average, 2)}`,
      d.adjusted !== null && d.adjusted !== d.average ? ` · after rules ${fmt(d.adjusted, 2)}` : "",
      d.adopted ? [" ", badge("critic's version adopted", "violet")] : null,
    ),
    d.decisionRules ? h("p", { class: "muted" }, d.decisionRules) : null,
    d.criteria.map(criterionCard),
    h("div", { class: "block" }, h("h4", null, "Arithmetic"), h("p", null, h("code", null, d.weightedCalc || "—")), h("p", null, d.mappingRule || "—")),
    rulesTable(d.rules),
    d.evidenceUsed.length > 0 ? h("div", { class: "block" }, h("h4", null, "Evidence used"), h("ul", { class: "plain" }, d.evidenceUsed.map((e) => h("li", null, e)))) : null,
  );
}

import type { Rubric } from "../rubrics/schema.js";
import { stackedCategories } from "./distribution.js";
import { bool, obj, objects, str } from "../results/fields.js";
import { tally } from "./tally.js";
import type { ReportLine } from "./lines.js";
import type { BaremSummary, PanelSummary, RuleTally } from "./model.js";
import { summariseCommon } from "./summarise-common.js";

/** The referee's actions, in the order the report shows them. */
export const REFEREE_ACTIONS = ["agreed", "accepted", "kept", "no_op", "adopted"] as const;

/** Rule firings recorded in `audit.rules` ({rule, criterion?, fired, detail}), by rule and criterion. */
export function tallyRules(lines: readonly ReportLine[]): RuleTally[] {
  const tallies = new Map<string, RuleTally>();
  for (const l of lines) {
    for (const r of objects(obj(l.raw["audit"])["rules"])) {
      const rule = str(r["rule"]) || "(unnamed rule)";
      const criterion = typeof r["criterion"] === "string" ? r["criterion"] : null;
      const key = `${rule}\u0000${criterion ?? ""}`;
      const t = tallies.get(key) ?? { rule, criterion, considered: 0, fired: 0 };
      t.considered++;
      if (r["fired"] === true) t.fired++;
      tallies.set(key, t);
    }
  }
  return [...tallies.values()];
}

/** Verified and unverified quotes in a list of `{quote, verified}` entries. */
function countQuotes(quotes: unknown, into: { verified: number; unverified: number }): void {
  for (const q of objects(quotes)) {
    if (q["verified"] === true) into.verified++;
    else into.unverified++;
  }
}

/** Panel lines (docs/protocols.md#panel): distributions, referee decisions per criterion, adopted versions, quotes, rules. */
export function summarisePanel(lines: readonly ReportLine[], rubric: Rubric | undefined): PanelSummary {
  const { byCriterion: _unused, ...common } = summariseCommon("panel", lines, rubric);
  const scored = lines.filter((l) => l.status === "scored");
  const decisions: [string, string][] = [];
  const quotes = { evaluator: { verified: 0, unverified: 0 }, referee: { verified: 0, unverified: 0 } };
  let adopted = 0;
  let disputed = 0;
  for (const l of scored) {
    const audit = obj(l.raw["audit"]);
    if (audit["adopted_critic_version"] === true) adopted++;
    if (objects(l.raw["critic"]).some((c) => bool(c["agree"]) === false)) disputed++;
    for (const d of objects(audit["referee_decisions"])) {
      decisions.push([str(d["criterion"]) || "?", str(d["action"]) || "?"]);
      countQuotes(d["quotes"], quotes.referee);
    }
    for (const list of Object.values(obj(audit["evaluator_quotes"]))) countQuotes(list, quotes.evaluator);
  }
  const byAction = tally(decisions.map(([, a]) => a));
  return {
    protocol: "panel",
    ...common,
    actions: [...REFEREE_ACTIONS.map((key) => ({ key, count: byAction.find((a) => a.key === key)?.count ?? 0 })), ...byAction.filter((a) => !(REFEREE_ACTIONS as readonly string[]).includes(a.key))],
    actionsByCriterion: stackedCategories(decisions, REFEREE_ACTIONS),
    adopted,
    disputed,
    quotes,
    rules: tallyRules(scored),
  };
}

/** Barem lines (docs/protocols.md#barem): distributions and rule firings. */
export function summariseBarem(lines: readonly ReportLine[], rubric: Rubric | undefined): BaremSummary {
  const { byCriterion: _unused, ...common } = summariseCommon("barem", lines, rubric);
  return { protocol: "barem", ...common, rules: tallyRules(lines.filter((l) => l.status === "scored")) };
}

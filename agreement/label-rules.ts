import { fieldAt, objects, strOrNull } from "../results/fields.js";
import { isUnscored } from "../results/line.js";
import type { Rule } from "../rubrics/schema.js";
import { LabelReadingResultsError, type LabelReadingRule } from "./errors.js";
import type { NumberedResult } from "./read-results.js";

/**
 * Rubric rules that read the human ratings of the dialogue they score (docs/protocols.md
 * #rubric-rules-ccpe-strict): ccpe-strict's cap of TaskSuccess when the target's own OVERALL
 * average is below 3. `tribunal evaluate --blind` disables them.
 */
export const LABEL_READING_RULES: ReadonlySet<string> = new Set<Rule["kind"]>(["cap_when_human_overall_below"]);

/** How scoring/rules.ts records a label-reading rule that `--blind` turned off: "disabled by --blind (reads human ratings)". */
export const BLIND_DETAIL_PREFIX = "disabled by --blind";

/**
 * The label-reading rules a results file was scored with, without `--blind`, and on which lines.
 *
 * A result line does not carry a blind flag (only `meta.config_hash`, which mixes it with
 * everything else); what it records is `audit.rules[]`, one `{ rule, criterion?, fired, detail }`
 * per rule of the rubric, fired or not (panel and barem alike). The decision, from that record:
 *
 * - a label-reading rule with the `--blind` record ("disabled by --blind …") did not read the
 *   labels: the line is fine;
 * - a label-reading rule with any other record ran on the labels. It counts whether it fired or
 *   not: one that did not fire still read the ratings and left the score as it is *because* the
 *   humans rated the dialogue ≥ 3 — the score depends on the labels either way, and across a file
 *   the rule could have fired on any line. So "present and not disabled by --blind" is enough;
 * - a line without `audit.rules` (another protocol, a rubric without rules, a hand-made line)
 *   records no rule that read the labels, and is taken as it is. Unscored lines are skipped.
 */
export function labelReadingRules(results: readonly NumberedResult[]): LabelReadingRule[] {
  const found = new Map<string, LabelReadingRule>();
  for (const { line, result } of results) {
    if (isUnscored(result)) continue;
    for (const entry of objects(fieldAt(result, ["audit", "rules"]))) {
      const rule = strOrNull(entry["rule"]);
      if (rule === null || !LABEL_READING_RULES.has(rule)) continue;
      if ((strOrNull(entry["detail"]) ?? "").startsWith(BLIND_DETAIL_PREFIX)) continue;
      const criterion = strOrNull(entry["criterion"]) ?? undefined;
      const key = `${rule}\u0000${criterion ?? ""}`;
      const seen = found.get(key) ?? { rule, ...(criterion ? { criterion } : {}), lines: [], fired: 0 };
      if (seen.lines[seen.lines.length - 1] !== line) seen.lines.push(line);
      if (entry["fired"] === true) seen.fired++;
      found.set(key, seen);
    }
  }
  return [...found.values()];
}

/** 1-based line numbers as ranges, at most `max` of them: "1–20", "2, 5–7, 9, …". */
export function describeLines(lines: readonly number[], max = 4): string {
  const ranges: string[] = [];
  let start = lines[0];
  for (let i = 0; start !== undefined && i < lines.length; i++) {
    const at = lines[i] as number;
    const next = lines[i + 1];
    if (next === at + 1) continue;
    ranges.push(start === at ? String(at) : `${start}–${at}`);
    start = next;
  }
  return ranges.length > max ? `${ranges.slice(0, max).join(", ")}, …` : ranges.join(", ");
}

/**
 * Refuses results scored without `--blind` by a rule that reads the human ratings: `tribunal agree`
 * would compare the judge with labels it has seen and report an inflated "judge ≥ one human".
 * Throws LabelReadingResultsError (an AgreementInputError: exit code 2 in the CLI), one line.
 */
export function refuseLabelReadingResults(results: readonly NumberedResult[], resultsFile: string): void {
  const rules = labelReadingRules(results);
  if (rules.length === 0) return;
  const lineCount = new Set(rules.flatMap((r) => r.lines)).size;
  const which = rules.map((r) => `${r.rule} (${r.criterion ? `${r.criterion}; ` : ""}${r.lines.length === 1 ? "line" : "lines"} ${describeLines(r.lines)}, fired on ${r.fired})`).join(" and ");
  const what = rules.length === 1 ? "a rule that reads" : "rules that read";
  throw new LabelReadingResultsError(
    `${resultsFile}: ${lineCount} of ${results.length} result lines were scored without --blind by ${which}, ${what} the human ratings agree compares the judge with: the agreement would be inflated; rerun tribunal evaluate with --blind`,
    rules,
  );
}

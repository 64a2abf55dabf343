import { meanOverallRating, type Dialogue } from "../dialogues/dialogue.js";
import { detectEmotionalContent } from "../evidence/cues/emotion.js";
import type { Rule } from "../rubrics/schema.js";
import { clean, fixed2 } from "./numbers.js";

/** One rule the score node considered: fired (changed a number) or skipped, and why. */
export interface RuleFiring {
  rule: Rule["kind"];
  criterion?: string;
  fired: boolean;
  detail: string;
}

export interface RuleContext {
  dialogue: Dialogue;
  /** `--blind`: rules that read human ratings are disabled (agreement studies). */
  blind: boolean;
}

type Scores = Record<string, number>;

function capRule(scores: Scores, criterion: string, cap: number, rule: Rule["kind"], why: string): RuleFiring {
  const before = scores[criterion];
  if (before === undefined || before <= cap) {
    return { rule, criterion, fired: false, detail: `${why}; ${criterion} ${before} already ≤ ${cap}` };
  }
  scores[criterion] = cap;
  return { rule, criterion, fired: true, detail: `${why}; ${criterion} capped ${before} → ${cap}` };
}

/** Caps on individual criteria, applied before the weighted average. Returns new scores. */
export function applyCaps(input: Readonly<Scores>, rules: readonly Rule[], ctx: RuleContext): { scores: Scores; firings: RuleFiring[] } {
  const scores = { ...input };
  const firings: RuleFiring[] = [];
  for (const rule of rules) {
    if (rule.kind === "cap_when_human_overall_below") {
      if (ctx.blind) {
        firings.push({ rule: rule.kind, criterion: rule.criterion, fired: false, detail: "disabled by --blind (reads human ratings)" });
        continue;
      }
      const mean = meanOverallRating(ctx.dialogue);
      if (mean === undefined) {
        firings.push({ rule: rule.kind, criterion: rule.criterion, fired: false, detail: "no human OVERALL ratings in the transcript" });
      } else if (clean(mean) < rule.below) {
        firings.push(capRule(scores, rule.criterion, rule.cap, rule.kind, `human OVERALL average ${fixed2(mean)} < ${rule.below}`));
      } else {
        firings.push({ rule: rule.kind, criterion: rule.criterion, fired: false, detail: `human OVERALL average ${fixed2(mean)} ≥ ${rule.below}; ${rule.criterion} not capped` });
      }
    } else if (rule.kind === "cap_when_no_emotional_content") {
      const emotion = detectEmotionalContent(ctx.dialogue);
      if (!emotion.found) {
        firings.push(capRule(scores, rule.criterion, rule.cap, rule.kind, "no emotional content detected in the user's turns"));
      } else {
        const where = emotion.evidence ? ` (turn ${emotion.evidence.turn}: "${emotion.evidence.cue}")` : "";
        firings.push({ rule: rule.kind, criterion: rule.criterion, fired: false, detail: `emotional content detected in the user's turns${where}; ${rule.criterion} not capped` });
      }
    }
  }
  return { scores, firings };
}

/** Deductions from the weighted average, applied before bucketing. */
export function applyDeductions(average: number, scores: Readonly<Scores>, rules: readonly Rule[]): { value: number; firings: RuleFiring[] } {
  let value = average;
  const firings: RuleFiring[] = [];
  for (const rule of rules) {
    if (rule.kind !== "deduct_when_any_criterion_below") continue;
    const low = Object.entries(scores).filter(([, s]) => s < rule.below);
    if (low.length === 0) {
      firings.push({ rule: rule.kind, fired: false, detail: `no criterion below ${rule.below}: no deduction` });
      continue;
    }
    const before = value;
    value = clean(value - rule.deduct);
    const which = low.map(([c, s]) => `${c} ${s}`).join(", ");
    firings.push({ rule: rule.kind, fired: true, detail: `${which} < ${rule.below}: ${fixed2(before)} − ${rule.deduct} = ${fixed2(value)}` });
  }
  return { value, firings };
}

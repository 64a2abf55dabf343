import type { Dialogue } from "../dialogues/dialogue.js";
import type { AlphaMetric } from "../metrics/krippendorff.js";
import { krippendorffAlpha } from "../metrics/krippendorff.js";
import type { Rubric } from "../rubrics/schema.js";
import { fieldAt, isObject, num, objects, str, type Json } from "./fields.js";
import { isUnscored } from "./line.js";
import type { ResultMeta } from "./meta.js";
import type { ResultSpec } from "./spec.js";

/** One jury member's scored line, as a protocol's jury aggregator receives it. */
export interface JuryVote {
  member: string;
  line: Json;
}

export interface JuryContext {
  rubric: Rubric;
  dialogue: Dialogue;
  /** `--blind`: rubric rules that read human ratings stay off when the verdict is recomputed. */
  blind: boolean;
}

/** A protocol's jury rule. */
export interface JuryAggregator {
  /** The rule in words, recorded in every jury line (`jury.aggregation`). */
  rule: string;
  /** The fields of the protocol's result line (no `dialogue_id`, no `meta`) from its members' scored lines, every number recomputed in code. Given at least one vote. */
  aggregate(votes: readonly JuryVote[], context: JuryContext): Json;
}

/** Each member's line as the jury line keeps it: `line` is the member's whole result line (unscored ones included). */
export interface JuryMemberLine {
  member: string;
  status: "scored" | "unscored";
  line: Json;
}

/** The `jury` block of a jury's result line. */
export interface JuryBlock {
  /** How the members' verdicts were combined (the protocol's rule, in words). */
  aggregation: string;
  members: JuryMemberLine[];
  /** Members whose run failed: left out of the verdict, never counted as a low score. */
  failed: { member: string; error: string }[];
}

/** The jury block of a line, when it has one. */
export function juryOf(line: Json): JuryBlock | undefined {
  const jury = line["jury"];
  if (!isObject(jury)) return undefined;
  const members = objects(jury["members"]).map((m): JuryMemberLine => ({ member: str(m["member"]), status: m["status"] === "scored" ? "scored" : "unscored", line: isObject(m["line"]) ? m["line"] : {} }));
  const failed = objects(jury["failed"]).map((f) => ({ member: str(f["member"]), error: str(f["error"]) }));
  return { aggregation: str(jury["aggregation"]), members, failed };
}

/** Agreement between a jury's members over a run: Krippendorff's α per criterion and on the continuous score. */
export interface JuryAgreement {
  members: string[];
  /** Jury lines read (scored or not). */
  dialogues: number;
  /** Dialogues each member failed on. */
  failures: Record<string, number>;
  /** The metric of the criteria's α (the continuous score's is always interval). */
  metric: AlphaMetric;
  /** α across the members on the protocol's continuous score; null when it cannot be computed (one member, no spread). */
  overall: number | null;
  criteria: Record<string, number | null>;
}

/**
 * Collects the members' scores line by line (members × dialogues matrices; a member that failed on a
 * dialogue is a missing value) and gives Krippendorff's α across members: interval for scores,
 * nominal for categorical answers (checklist YES/NO, pairwise preferences).
 */
export class JuryTally {
  private readonly members: string[] = [];
  private readonly failures: Record<string, number> = {};
  private readonly overall: Map<string, (number | null)[]> = new Map();
  private readonly criteria: Map<string, Map<string, (number | null)[]>> = new Map();
  private dialogues = 0;

  constructor(
    private readonly spec: ResultSpec,
    private readonly overallKey: string,
  ) {}

  add(line: Json): void {
    const jury = juryOf(line);
    if (!jury) return;
    const column = this.dialogues++;
    for (const { member, status, line: memberLine } of jury.members) {
      if (!this.members.includes(member)) this.members.push(member);
      if (status !== "scored" || isUnscored(memberLine)) {
        this.failures[member] = (this.failures[member] ?? 0) + 1;
        continue;
      }
      this.cell(this.overall, member, column, num(fieldAt(memberLine, this.spec.fields(this.overallKey).continuous)));
      for (const [criterion, value] of Object.entries(this.spec.criteria(memberLine, this.overallKey))) {
        const byMember = this.criteria.get(criterion) ?? new Map<string, (number | null)[]>();
        this.criteria.set(criterion, byMember);
        this.cell(byMember, member, column, value);
      }
    }
  }

  private cell(byMember: Map<string, (number | null)[]>, member: string, column: number, value: number | null): void {
    const row = byMember.get(member) ?? [];
    byMember.set(member, row);
    row[column] = value;
  }

  private alpha(byMember: Map<string, (number | null)[]>, metric: AlphaMetric): number | null {
    const matrix = this.members.map((m) => Array.from({ length: this.dialogues }, (_, i) => byMember.get(m)?.[i] ?? null));
    const alpha = krippendorffAlpha(matrix, metric);
    return alpha === null ? null : Math.round(alpha * 1e4) / 1e4;
  }

  /** Undefined when no line had a jury. */
  summary(): JuryAgreement | undefined {
    if (this.dialogues === 0) return undefined;
    const metric: AlphaMetric = this.spec.categorical ? "nominal" : "interval";
    const criteria = Object.fromEntries([...this.criteria].map(([criterion, byMember]) => [criterion, this.alpha(byMember, metric)]));
    return { members: [...this.members], dialogues: this.dialogues, failures: { ...this.failures }, metric, overall: this.alpha(this.overall, "interval"), criteria };
  }
}

/** `gpt-4o 80, haiku 60`: each member's value of something, for a verdict's justification. */
export function byMemberText(votes: readonly JuryVote[], valueOf: (line: Json) => unknown): string {
  return votes.map((v) => `${v.member} ${str(valueOf(v.line))}`).join(", ");
}

type Tokens = { input: number; output: number };

/** `role=who,…` for a member whose agents were answered by different models (or fell back). */
function scoredByText(by: ResultMeta["scored_by"]): string {
  if (by === null) return "failed";
  return typeof by === "string" ? by : Object.entries(by).map(([agent, who]) => `${agent}=${who}`).join(",");
}

/**
 * A jury line's meta from its members' lines: tokens, calls and latency summed (every member's calls
 * were made), tokens per model always given (the cost is summed from them), and each member's events
 * (fallbacks, invalid outputs, warnings, retries) kept under `<member>/<agent>`.
 */
export function juryMeta(members: readonly { member: string; meta: ResultMeta }[], input: { protocol: string; rubric: string; model: string; scored: boolean }): ResultMeta {
  const byModel: Record<string, Tokens> = {};
  for (const { meta } of members) {
    const perModel = meta.tokens_by_model ?? { [meta.model]: { input: meta.tokens.input, output: meta.tokens.output } };
    for (const [model, tokens] of Object.entries(perModel)) {
      const sum = (byModel[model] ??= { input: 0, output: 0 });
      sum.input += tokens.input;
      sum.output += tokens.output;
    }
  }
  const events = <E extends { agent: string }>(pick: (meta: ResultMeta) => readonly E[]) => members.flatMap(({ member, meta }) => pick(meta).map((e) => ({ ...e, agent: `${member}/${e.agent}` })));
  const total = (pick: (meta: ResultMeta) => number) => members.reduce((sum, { meta }) => sum + pick(meta), 0);
  return {
    protocol: input.protocol,
    rubric: input.rubric,
    model: input.model,
    status: input.scored ? "scored" : "unscored",
    scored_by: input.scored ? Object.fromEntries(members.map(({ member, meta }) => [member, meta.status === "scored" ? scoredByText(meta.scored_by) : "failed"])) : null,
    tokens: { input: total((m) => m.tokens.input), output: total((m) => m.tokens.output), total: total((m) => m.tokens.total) },
    tokens_by_model: byModel,
    latency_ms: total((m) => m.latency_ms),
    calls: total((m) => m.calls),
    fallbacks: events((m) => m.fallbacks),
    invalid_outputs: events((m) => m.invalid_outputs),
    warnings: members.flatMap(({ member, meta }) => meta.warnings.map((w) => `${member}: ${w}`)),
    retries: events((m) => m.retries),
  };
}

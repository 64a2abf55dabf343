/**
 * `--samples K`: the same dialogue judged K times. Per criterion, the spread (max − min) of its score
 * across the samples; overall, whether the bucket (OverallExperience, or the protocol's equivalent)
 * differs between samples (a "flip"). Scores are read from each protocol's line shape:
 * - panel: `referee_final.<criterion>.score`, bucket `referee_final.OverallExperience`;
 * - barem: `<criterion>.score`, bucket `OverallExperience.score`;
 * - consensus: `criteria_evaluations[].score` (1–5), bucket = the overall score rounded to a whole point;
 * - checklist: YES = 1, NO = 0 per criterion (NA and ERROR left out), bucket pass / fail / rejected.
 */
type Line = Record<string, unknown>;

export interface SampleScores {
  criteria: Record<string, number>;
  overall?: number;
  bucket?: string | number;
}

export interface LineStability {
  samples: number;
  /** Samples that produced scores (unscored ones are left out of the spread). */
  scored: number;
  criteria: Record<string, { scores: number[]; spread: number }>;
  overall: { values: number[]; buckets: (string | number)[]; flipped: boolean };
  tokens: { input: number; output: number; total: number };
  cost_usd: number | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

function verdictScores(block: Record<string, unknown>, skip: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(block)) {
    if (key === skip || !isObject(value)) continue;
    const score = num(value.score);
    if (score !== undefined) out[key] = score;
  }
  return out;
}

/** The scores of one result line, whatever its protocol; undefined for an unscored line. */
export function scoresOf(line: Line): SampleScores | undefined {
  if (line.status === "unscored" || (isObject(line.meta) && line.meta.status === "unscored")) return undefined;
  if (isObject(line.referee_final)) {
    const final = line.referee_final;
    return { criteria: verdictScores(final, "OverallExperience"), overall: num(final.numeric_weighted_average), bucket: num(final.OverallExperience) };
  }
  if (Array.isArray(line.criteria_evaluations)) {
    const criteria: Record<string, number> = {};
    for (const e of line.criteria_evaluations) if (isObject(e) && typeof e.criterion_name === "string" && num(e.score) !== undefined) criteria[e.criterion_name] = e.score as number;
    const overall = num(line.overall_score);
    return { criteria, overall, bucket: overall === undefined ? undefined : Math.round(overall) };
  }
  if (Array.isArray(line.criteria)) {
    const criteria: Record<string, number> = {};
    for (const c of line.criteria) {
      if (!isObject(c) || typeof c.id !== "string") continue;
      const answer = c.counted_as ?? c.answer;
      if (answer === "YES" || answer === "NO") criteria[c.id] = answer === "YES" ? 1 : 0;
    }
    return { criteria, overall: num(line.score), bucket: line.rejected === true ? "rejected" : line.passed === true ? "pass" : "fail" };
  }
  const overallBlock = isObject(line.OverallExperience) ? line.OverallExperience : undefined;
  const audit = isObject(line.audit) ? line.audit : {};
  return { criteria: verdictScores(line, "OverallExperience"), overall: num(audit.numeric_weighted_average), bucket: num(overallBlock?.score) };
}

function tokensOf(line: Line): { input: number; output: number } {
  const tokens = isObject(line.meta) && isObject(line.meta.tokens) ? line.meta.tokens : {};
  return { input: num(tokens.input) ?? 0, output: num(tokens.output) ?? 0 };
}

/** The `meta.stability` block of a dialogue judged `lines.length` times. */
export function stabilityOf(lines: readonly Line[], cost: (tokens: { input: number; output: number }) => number | null): LineStability {
  const scored = lines.map(scoresOf).filter((s): s is SampleScores => s !== undefined);
  const ids = [...new Set(scored.flatMap((s) => Object.keys(s.criteria)))];
  const criteria: LineStability["criteria"] = {};
  for (const id of ids) {
    const scores = scored.map((s) => s.criteria[id]).filter((v): v is number => v !== undefined);
    criteria[id] = { scores, spread: scores.length > 0 ? Math.round((Math.max(...scores) - Math.min(...scores)) * 1e6) / 1e6 : 0 };
  }
  const buckets = scored.map((s) => s.bucket).filter((b): b is string | number => b !== undefined);
  const input = lines.reduce((s, l) => s + tokensOf(l).input, 0);
  const output = lines.reduce((s, l) => s + tokensOf(l).output, 0);
  return {
    samples: lines.length,
    scored: scored.length,
    criteria,
    overall: { values: scored.map((s) => s.overall).filter((v): v is number => v !== undefined), buckets, flipped: new Set(buckets).size > 1 },
    tokens: { input, output, total: input + output },
    cost_usd: cost({ input, output }),
  };
}

export interface StabilitySummary {
  samples: number;
  /** Dialogues with at least two scored samples (the ones a spread is measured on). */
  dialogues: number;
  criteria: Record<string, { mean_spread: number; max_spread: number; varied: number }>;
  /** Dialogues whose bucket differed between samples, and their share of `dialogues`. */
  bucket_flips: number;
  flip_rate: number;
}

/** Adds up the per-dialogue stability blocks of a run. */
export class StabilityTally {
  private dialogues = 0;
  private flips = 0;
  private readonly criteria = new Map<string, { sum: number; max: number; varied: number; n: number }>();

  constructor(private readonly samples: number) {}

  add(s: LineStability): void {
    if (s.scored < 2) return;
    this.dialogues++;
    if (s.overall.flipped) this.flips++;
    for (const [id, c] of Object.entries(s.criteria)) {
      const t = this.criteria.get(id) ?? { sum: 0, max: 0, varied: 0, n: 0 };
      t.sum += c.spread;
      t.max = Math.max(t.max, c.spread);
      t.varied += c.spread > 0 ? 1 : 0;
      t.n++;
      this.criteria.set(id, t);
    }
  }

  summary(): StabilitySummary {
    const round = (x: number) => Math.round(x * 1000) / 1000;
    return {
      samples: this.samples,
      dialogues: this.dialogues,
      criteria: Object.fromEntries([...this.criteria].map(([id, t]) => [id, { mean_spread: round(t.sum / t.n), max_spread: t.max, varied: t.varied }])),
      bucket_flips: this.flips,
      flip_rate: this.dialogues > 0 ? round(this.flips / this.dialogues) : 0,
    };
  }
}

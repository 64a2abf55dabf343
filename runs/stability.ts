import { PROTOCOLS } from "../graphs/registry.js";
import { detectProtocol } from "../results/detect.js";
import { fieldAt, num, type Json } from "../results/fields.js";
import { isUnscored } from "../results/line.js";
import { lineTokens } from "../results/meta-fields.js";
import { DEFAULT_OVERALL_KEY } from "../results/spec.js";

/**
 * `--samples K`: the same dialogue judged K times. Per criterion, the spread (max − min) of its score
 * across the samples; overall, whether the bucket differs between samples (a "flip"). Scores are read
 * through the line's protocol's ResultSpec: its criteria, its continuous score, and as the bucket its
 * `sampleBucket` or else its bucketed overall (panel/barem: the rubric's overallKey; consensus: the
 * overall rounded to a whole point; checklist: pass / fail / rejected).
 */
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

/** The scores of one result line, whatever its protocol; undefined for an unscored line or one of no known protocol. */
export function scoresOf(line: Json, overallKey = DEFAULT_OVERALL_KEY): SampleScores | undefined {
  const protocol = isUnscored(line) ? undefined : detectProtocol(line, PROTOCOLS);
  if (!protocol) return undefined;
  const spec = PROTOCOLS[protocol].result;
  const fields = spec.fields(overallKey);
  const bucket = spec.sampleBucket?.(line) ?? (fields.bucketed ? (num(fieldAt(line, fields.bucketed)) ?? undefined) : undefined);
  return { criteria: spec.criteria(line, overallKey), overall: num(fieldAt(line, fields.continuous)) ?? undefined, bucket };
}

/** The sum, or null when one of the terms is unknown. */
function sumOrNull(values: readonly (number | null)[]): number | null {
  return values.some((v) => v === null) ? null : Math.round(values.reduce<number>((s, v) => s + (v ?? 0), 0) * 1e6) / 1e6;
}

/** The `meta.stability` block of a dialogue judged `lines.length` times. */
export function stabilityOf(lines: readonly Json[], cost: (line: Json) => number | null, overallKey = DEFAULT_OVERALL_KEY): LineStability {
  const scored = lines.map((l) => scoresOf(l, overallKey)).filter((s): s is SampleScores => s !== undefined);
  const ids = [...new Set(scored.flatMap((s) => Object.keys(s.criteria)))];
  const criteria: LineStability["criteria"] = {};
  for (const id of ids) {
    const scores = scored.map((s) => s.criteria[id]).filter((v): v is number => v !== undefined);
    criteria[id] = { scores, spread: scores.length > 0 ? Math.round((Math.max(...scores) - Math.min(...scores)) * 1e6) / 1e6 : 0 };
  }
  const buckets = scored.map((s) => s.bucket).filter((b): b is string | number => b !== undefined);
  const input = lines.reduce((s, l) => s + lineTokens(l).input, 0);
  const output = lines.reduce((s, l) => s + lineTokens(l).output, 0);
  return {
    samples: lines.length,
    scored: scored.length,
    criteria,
    overall: { values: scored.map((s) => s.overall).filter((v): v is number => v !== undefined), buckets, flipped: new Set(buckets).size > 1 },
    tokens: { input, output, total: input + output },
    cost_usd: sumOrNull(lines.map(cost)),
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

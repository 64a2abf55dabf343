import type { JuryMember } from "../api/jury-members.js";
import { round6 } from "../scoring/numbers.js";
import { dryRun, formatDryRun, type DryRunEstimate, type DryRunOptions, type Range } from "./dry-run.js";
import { formatUsd } from "./summary.js";

/** `--dry-run --jury`: each member's estimate, and the jury's totals (every member judges every dialogue). */
export interface JuryDryRunEstimate {
  members: { member: string; estimate: DryRunEstimate }[];
  calls: Range;
  /** Null when some member's model has no price. */
  costUsd: Range | null;
}

const sum = (ranges: readonly Range[]): Range => ({ min: ranges.reduce((s, r) => s + r.min, 0), max: ranges.reduce((s, r) => s + r.max, 0) });

export async function juryDryRun(sources: Parameters<typeof dryRun>[0], options: DryRunOptions, members: readonly JuryMember[]): Promise<JuryDryRunEstimate> {
  const estimates = [];
  for (const member of members) estimates.push({ member: member.name, estimate: await dryRun(sources, { ...options, configurable: { ...options.configurable, ...member.overrides } }) });
  const costs = estimates.map((e) => e.estimate.costUsd);
  const priced = costs.every((c): c is Range => c !== null);
  const cost = priced ? sum(costs) : null;
  return { members: estimates, calls: sum(estimates.map((e) => e.estimate.calls)), costUsd: cost && { min: round6(cost.min), max: round6(cost.max) } };
}

export function formatJuryDryRun(e: JuryDryRunEstimate): string {
  const range = (r: Range, show: (x: number) => string) => (r.min === r.max ? show(r.max) : `${show(r.min)}–${show(r.max)}`);
  const members = e.members.map(({ member, estimate }) => `jury member ${member}:\n${formatDryRun(estimate)}`);
  const cost = e.costUsd === null ? "unknown (a member's model has no price: add it with --prices)" : range(e.costUsd, formatUsd);
  return `${members.join("\n")}\njury of ${e.members.length}: calls ${range(e.calls, (x) => x.toLocaleString("en-US"))}, cost (est.) ${cost}\n`;
}

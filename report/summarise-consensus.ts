import type { Rubric } from "../rubrics/schema.js";
import { clean } from "../scoring/numbers.js";
import { distribution } from "./distribution.js";
import { num, obj, str } from "../results/fields.js";
import { tally } from "./tally.js";
import type { ReportLine } from "./lines.js";
import type { ConsensusSummary } from "./model.js";
import { summariseCommon } from "./summarise-common.js";

/** How a consensus run ended: agreement in round 1, agreement after debate, or the weighted average once rounds ran out. */
export function consensusPath(method: string, rounds: number | null): string {
  const r = rounds ?? 0;
  if (method === "agreement") return r <= 1 ? "agreed in round 1" : `agreed after ${r - 1} debate round${r - 1 === 1 ? "" : "s"}`;
  if (method === "weighted_average") return `no agreement: weighted average after ${r} round${r === 1 ? "" : "s"}`;
  return method ? `${method} after ${r} round${r === 1 ? "" : "s"}` : "unknown";
}

/** Consensus lines (docs/protocols.md#consensus): distributions, paths, rounds and the strict–generous gap at the end. */
export function summariseConsensus(lines: readonly ReportLine[], rubric: Rubric | undefined): ConsensusSummary {
  const { byCriterion: _unused, ...common } = summariseCommon("consensus", lines, rubric);
  const metas = lines.filter((l) => l.status === "scored").map((l) => obj(l.raw["consensus_metadata"]));
  const gaps = metas.map((m) => {
    const s = num(m["strict_final_score"]);
    const g = num(m["generous_final_score"]);
    return s === null || g === null ? null : clean(Math.abs(g - s));
  });
  const rounds = tally(metas.map((m) => String(num(m["rounds_conducted"]) ?? "?"))).sort((a, b) => Number(a.key) - Number(b.key));
  return {
    protocol: "consensus",
    ...common,
    paths: tally(metas.map((m) => consensusPath(str(m["consensus_method"]), num(m["rounds_conducted"])))),
    rounds: rounds.map((r) => ({ key: r.key === "?" ? "unknown" : `${r.key} round${r.key === "1" ? "" : "s"}`, count: r.count })),
    gap: distribution(gaps, { kind: "continuous", min: 0, max: 2, step: 0.25 }),
  };
}

import { baremDetail } from "./details-barem.js";
import { checklistDetail } from "./details-checklist.js";
import { consensusDetail } from "./details-consensus.js";
import { pairwiseDetail } from "./details-pairwise.js";
import { panelDetail } from "./details-panel.js";
import { num, str, strings, strOrNull, type Json } from "../results/fields.js";
import { agentEvents, metaCost, metaTokens, retryEvents } from "../results/meta-fields.js";
import type { ReportLine } from "./lines.js";
import { juryDetail } from "./juries.js";
import type { Detail, MetaDetail, ProtocolId, UnscoredDetail } from "./model.js";

/** The detail panel's body of each protocol's scored line. */
const DETAILS: Record<ProtocolId, (raw: Json, overallKey?: string) => NonNullable<Detail["body"]>> = {
  panel: panelDetail,
  consensus: consensusDetail,
  checklist: checklistDetail,
  barem: baremDetail,
  pairwise: pairwiseDetail,
};

export function metaDetail(line: ReportLine): MetaDetail {
  const m = line.meta;
  return {
    protocol: line.protocol,
    rubric: strOrNull(m["rubric"]),
    model: strOrNull(m["model"]),
    tokens: metaTokens(m),
    latencyMs: num(m["latency_ms"]),
    calls: num(m["calls"]),
    costUsd: metaCost(m),
    configHash: strOrNull(m["config_hash"]),
    fallbacks: agentEvents(m["fallbacks"]),
    invalidOutputs: agentEvents(m["invalid_outputs"]),
    retries: retryEvents(m["retries"]),
    warnings: strings(m["warnings"]),
  };
}

function unscoredBody(line: ReportLine): UnscoredDetail {
  const e = agentEvents([line.raw["error"]])[0];
  return { protocol: "unscored", error: e ?? { agent: "?", kind: "error", message: str(line.raw["error"]) } };
}

/** What the detail panel of one dialogue shows; built for every line, rendered only when opened. */
export function lineDetail(line: ReportLine, overallKey?: string): Detail {
  const meta = metaDetail(line);
  const jury = juryDetail(line, overallKey);
  const body = line.status === "unscored" ? unscoredBody(line) : line.protocol ? DETAILS[line.protocol](line.raw, overallKey) : null;
  return jury ? { meta, body, jury } : { meta, body };
}

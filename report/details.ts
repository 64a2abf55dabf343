import { baremDetail } from "./details-barem.js";
import { checklistDetail } from "./details-checklist.js";
import { consensusDetail } from "./details-consensus.js";
import { panelDetail } from "./details-panel.js";
import { agentEvents, metaCost, metaTokens, num, retryEvents, str, strings, strOrNull } from "./fields.js";
import type { ReportLine } from "./lines.js";
import type { Detail, MetaDetail } from "./model.js";

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

/** What the detail panel of one dialogue shows; built for every line, rendered only when opened. */
export function lineDetail(line: ReportLine, overallKey?: string): Detail {
  const meta = metaDetail(line);
  if (line.status === "unscored") {
    const e = agentEvents([line.raw["error"]])[0];
    return { meta, body: { protocol: "unscored", error: e ?? { agent: "?", kind: "error", message: str(line.raw["error"]) } } };
  }
  switch (line.protocol) {
    case "panel":
      return { meta, body: panelDetail(line.raw, overallKey) };
    case "barem":
      return { meta, body: baremDetail(line.raw, overallKey) };
    case "consensus":
      return { meta, body: consensusDetail(line.raw) };
    case "checklist":
      return { meta, body: checklistDetail(line.raw) };
    default:
      return { meta, body: null };
  }
}

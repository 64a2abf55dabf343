import type { NumberedResult } from "../agreement/read-results.js";
import { PROTOCOL_IDS } from "../graphs/registry.js";
import type { BootstrapOptions } from "../metrics/bootstrap.js";
import type { Rubric } from "../rubrics/schema.js";
import { lineDetail } from "./details.js";
import { distinct } from "./tally.js";
import { toReportLines, type ReportLine } from "./lines.js";
import type { Detail, Operations, ProtocolId, ProtocolSummary, Row } from "./model.js";
import { lineRow } from "./rows.js";
import { summariseChecklist } from "./summarise-checklist.js";
import { summariseConsensus } from "./summarise-consensus.js";
import { summariseOperations } from "./summarise-meta.js";
import { summarisePairwise } from "./summarise-pairwise.js";
import { summariseBarem, summarisePanel } from "./summarise-panel.js";

export interface Summary {
  lines: ReportLine[];
  protocols: ProtocolSummary[];
  operations: Operations;
  rows: Row[];
  details: Detail[];
}

/** Each protocol's section; `bootstrap` sets the resamples and seed of the intervals a section shows (pairwise's win rates). */
const SUMMARISE: Record<ProtocolId, (lines: readonly ReportLine[], rubric: Rubric | undefined, bootstrap: BootstrapOptions) => ProtocolSummary> = {
  panel: summarisePanel,
  consensus: summariseConsensus,
  checklist: summariseChecklist,
  barem: summariseBarem,
  pairwise: summarisePairwise,
};

/**
 * Everything the report shows except agreement: one section per protocol present (in a fixed order),
 * the operations across all lines, and a table row plus a detail per line. Pure: same lines, same summary.
 */
export function summariseResults(results: readonly NumberedResult[], file: string, rubricOf: (id: unknown) => Rubric | undefined = () => undefined, bootstrap: BootstrapOptions = {}): Summary {
  const lines = toReportLines(results, file, rubricOf);
  const present = distinct(lines.map((l) => l.protocol));
  const protocols = PROTOCOL_IDS.filter((p) => present.includes(p)).map((p) => {
    const group = lines.filter((l) => l.protocol === p);
    const rubricIds = distinct(group.map((l) => l.meta["rubric"]));
    return SUMMARISE[p](group, rubricIds.length === 1 ? rubricOf(rubricIds[0]) : rubricOf(undefined), bootstrap);
  });
  const details = lines.map((l) => lineDetail(l, rubricOf(l.meta["rubric"])?.overallKey));
  const rows = lines.map((l, i) => lineRow(l, details[i] as Detail));
  return { lines, protocols, operations: summariseOperations(lines), rows, details };
}

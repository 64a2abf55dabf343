import { PROTOCOLS } from "../graphs/registry.js";
import { fieldAt, num, obj, str } from "../results/fields.js";
import { juryOf, JuryTally } from "../results/jury.js";
import { DEFAULT_OVERALL_KEY, headlineField } from "../results/spec.js";
import type { Rubric } from "../rubrics/schema.js";
import type { ReportLine } from "./lines.js";
import type { JuryDetail, JurySummary, ProtocolId } from "./model.js";

/** Each member's headline and the jury's rule, for a jury line's detail panel; undefined for any other line. */
export function juryDetail(line: ReportLine, overallKey = DEFAULT_OVERALL_KEY): JuryDetail | undefined {
  const jury = juryOf(line.raw);
  if (!jury || !line.protocol) return undefined;
  const field = headlineField(PROTOCOLS[line.protocol].result.fields(overallKey));
  return {
    aggregation: jury.aggregation,
    members: jury.members.map((m) => ({
      member: m.member,
      status: m.status,
      headline: m.status === "scored" ? num(fieldAt(m.line, field)) : null,
      error: m.status === "scored" ? null : str(obj(m.line["error"])["message"]) || (jury.failed.find((f) => f.member === m.member)?.error ?? null),
    })),
  };
}

/** The members' agreement of every protocol that ran with a jury, in registry order. */
export function summariseJuries(lines: readonly ReportLine[], rubricOf: (id: unknown) => Rubric | undefined): JurySummary[] {
  const tallies = new Map<ProtocolId, JuryTally>();
  for (const line of lines) {
    if (!line.protocol || !juryOf(line.raw)) continue;
    const tally = tallies.get(line.protocol) ?? new JuryTally(PROTOCOLS[line.protocol].result, rubricOf(line.meta["rubric"])?.overallKey ?? DEFAULT_OVERALL_KEY);
    tallies.set(line.protocol, tally);
    tally.add(line.raw);
  }
  return [...tallies].flatMap(([protocol, tally]) => {
    const agreement = tally.summary();
    if (!agreement) return [];
    const { criteria, ...rest } = agreement;
    return [{ protocol, ...rest, criteria: Object.entries(criteria).map(([criterion, alpha]) => ({ criterion, alpha })) }];
  });
}

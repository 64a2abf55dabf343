import { byMemberText, type JuryAggregator } from "../../results/jury.js";
import { JURY_OVERALL_RULE, juryOverall } from "../../scoring/jury-overall.js";
import { panelResult } from "./result-line.js";

/** A panel jury: each criterion the members' mean, the overall the bucket of their mean adjusted average. */
export const panelJury: JuryAggregator = {
  rule: JURY_OVERALL_RULE,
  aggregate: (votes, { rubric, dialogue, blind }) => {
    const key = rubric.overallKey;
    const verdict = juryOverall(rubric, votes.map((v) => panelResult.criteria(v.line, key)), dialogue, blind);
    const finals = Object.fromEntries(
      rubric.criteria.map((c) => [c.id, { score: verdict.scores[c.id], justification: `Mean of ${votes.length} members: ${byMemberText(votes, (line) => panelResult.criteria(line, key)[c.id])}.` }]),
    );
    return {
      referee_final: { ...finals, numeric_weighted_average: verdict.average, [key]: verdict.overall },
      audit: {
        decision_rules_applied: `Jury of ${votes.length}: each member's panel ran in full; criterion scores are the members' means.`,
        weighted_calc: verdict.calc,
        mapping_rule: verdict.mapping,
        adjusted_average: verdict.adjusted,
      },
    };
  },
};

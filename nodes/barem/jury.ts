import { byMemberText, type JuryAggregator } from "../../results/jury.js";
import { JURY_OVERALL_RULE, juryOverall } from "../../scoring/jury-overall.js";
import { baremResult } from "./result-line.js";

/** A barem jury: each criterion the members' mean, the overall the bucket of their mean adjusted average. */
export const baremJury: JuryAggregator = {
  rule: JURY_OVERALL_RULE,
  aggregate: (votes, { rubric, dialogue, blind }) => {
    const key = rubric.overallKey;
    const verdict = juryOverall(rubric, votes.map((v) => baremResult.criteria(v.line, key)), dialogue, blind);
    const criteria = Object.fromEntries(
      rubric.criteria.map((c) => [c.id, { score: verdict.scores[c.id], justification: `Mean of ${votes.length} members: ${byMemberText(votes, (line) => baremResult.criteria(line, key)[c.id])}.` }]),
    );
    return {
      ...criteria,
      [key]: { score: verdict.overall, justification: `Jury of ${votes.length}: ${verdict.calc}, ${verdict.mapping}.` },
      audit: { weighted_calc: verdict.calc, mapping_rule: verdict.mapping, numeric_weighted_average: verdict.average },
    };
  },
};

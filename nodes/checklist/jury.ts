import { objects, type Json } from "../../results/fields.js";
import type { JuryAggregator } from "../../results/jury.js";
import { plurality, tallyText } from "../../scoring/votes.js";
import type { Assessment, CheckAnswer } from "./assessment.js";
import { applyGate } from "./rules.js";
import { checklistFields } from "./score-rules.js";

/** A draw goes to the stricter answer: NO, then NA (no credit), then YES. */
const STRICTER_FIRST: readonly CheckAnswer[] = ["NO", "NA", "YES"];

/** A member's answer to a criterion; undefined for ERROR (a failed call is no vote). */
function answerOf(criterion: string, line: Json): CheckAnswer | undefined {
  const answer = objects(line["criteria"]).find((c) => c["id"] === criterion)?.["answer"];
  return answer === "YES" || answer === "NO" || answer === "NA" ? answer : undefined;
}

/**
 * A checklist jury: each criterion's answer is the members' majority (a draw: the stricter answer;
 * no member answered: ERROR), then the checklist's own rules (invalid NAs, safety gate, ratio, pass mark).
 */
export const checklistJury: JuryAggregator = {
  rule: "each criterion: the members' majority answer (a draw goes to the stricter answer: NO, then NA, then YES; ERROR is no vote), then the checklist's own rules",
  aggregate: (votes, { rubric }) => {
    const assessments = Object.fromEntries(
      rubric.criteria.map((c): [string, Assessment] => {
        const answers = votes.flatMap((v) => answerOf(c.id, v.line) ?? []);
        const answer = plurality(answers, STRICTER_FIRST) ?? "ERROR";
        const each = votes.map((v) => `${v.member} ${answerOf(c.id, v.line) ?? "ERROR"}`).join(", ");
        const reasoning = answers.length === 0 ? "ERROR: no member answered this criterion" : `Majority of ${votes.length} members (${tallyText(answers)}; a draw goes to the stricter answer): ${each}`;
        return [c.id, { criterion: c.id, answer, reasoning }];
      }),
    );
    return checklistFields(applyGate(rubric, assessments), rubric.passThreshold);
  },
};

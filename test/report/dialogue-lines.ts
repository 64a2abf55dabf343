/**
 * Hand-made dialogues (chat JSONL, with human ratings) and result lines that quote them, for the
 * report's transcript and human-rating tests. Every expected turn and gap is worked out in the tests.
 */
import { meta } from "./lines.js";
import { W1 } from "./pairwise-lines.js";

type Line = Record<string, unknown>;

/** Text a turn may hold: it must show as text and never run. */
export const HOSTILE_TURN = `</script><script>window.__xss = 4</script><img src=x onerror="window.__xss = 5"> <b>thanks</b>`;

const message = (role: string, content: string, ratings?: number[]) => (ratings ? { role, content, ratings } : { role, content });

/** OVERALL 4, 4, 5: mean 13/3 ≈ 4.333. */
export const TAXI = {
  id: "taxi",
  messages: [
    message("assistant", "Hello, how can I help?"),
    message("user", "I need a taxi to the station at 5 pm.", [3, 4, 3]),
    message("assistant", "Booked: a taxi to the station at 5 pm, reference T42."),
    message("user", HOSTILE_TURN, [4, 4, 5]),
  ],
  overall_ratings: [4, 4, 5],
};

/** OVERALL 2, 2, 3: mean 7/3 ≈ 2.333. */
export const HOTEL = {
  id: "hotel",
  messages: [message("user", "Find me a hotel with parking."), message("assistant", "The Grand has free parking."), message("user", "Perfect, book it.")],
  overall_ratings: [2, 2, 3],
};

/** OVERALL 1, 1, 1. Its `--- Turn N ---` blocks: Turn 1 = utterances 1–2, Turn 2 = utterances 3–4. */
export const COACH = {
  id: "coach",
  messages: [message("user", "I feel stuck at work."), message("assistant", "That sounds hard. What would help most?"), message("user", "Some structure, I think."), message("assistant", "Let us plan your week together.")],
  overall_ratings: [1, 1, 1],
};

/** The same ids as the judged file, other words: what a wrong --dialogues file looks like. */
export const OTHER_TAXI = { id: "taxi", messages: [message("user", "Is it going to rain?"), message("assistant", "Probably not today.")] };

export const jsonlOf = (values: readonly object[]): string => values.map((v) => JSON.stringify(v)).join("\n") + "\n";

const quote = (text: string, verified: boolean, turn?: number) => (turn === undefined ? { quote: text, verified } : { quote: text, verified, turn });

/**
 * Panel on TAXI, weighted average 66. Quotes: TaskSuccess at its recorded turn 3; Helpfulness with
 * no turn (found by its text in turn 2); Empathy not found when judged; the critic's Helpfulness
 * quote recorded at turn 2, which does not hold it (found by its text in turn 1).
 */
export const PANEL_TAXI: Line = {
  dialogue_id: "taxi",
  evaluator: { TaskSuccess: { score: 60, justification: "j" }, Helpfulness: { score: 80, justification: "j" }, Empathy: { score: 60, justification: "j" }, numeric_weighted_average: 66 },
  critic: [{ criterion: "Helpfulness", agree: false, comment: "c", suggested_score: 60 }],
  referee_final: { TaskSuccess: { score: 60, justification: "j" }, Helpfulness: { score: 60, justification: "j" }, Empathy: { score: 60, justification: "j" }, numeric_weighted_average: 66, OverallExperience: 60 },
  audit: {
    referee_decisions: [{ criterion: "Helpfulness", action: "accepted", evaluator_score: 80, suggested_score: 60, final_score: 60, reason: "evidence-backed", quotes: [quote("Hello, how can I help?", true, 2)] }],
    adopted_critic_version: false,
    rules: [],
    evaluator_quotes: {
      TaskSuccess: [quote("Booked: a taxi to the station", true, 3)],
      Helpfulness: [quote("I need a taxi", true)],
      Empathy: [quote("so sorry", false)],
    },
  },
  meta: meta("panel"),
};

/** Consensus on HOTEL, overall 4.5: strict quotes turn 2; generous quotes the user, turn 3. */
export const CONSENSUS_HOTEL: Line = {
  dialogue_id: "hotel",
  overall_score: 4.5,
  criteria_evaluations: [{ criterion_name: "TaskSuccess", score: 4.5, reasoning: "r", agent_a_reasoning: 'The assistant said "The Grand has free parking".', agent_b_reasoning: 'USER: "Perfect, book it." shows success.' }],
  consensus_metadata: { rounds_conducted: 1, strict_final_score: 4.5, generous_final_score: 4.5, consensus_method: "agreement" },
  debate: [],
  meta: meta("consensus", { rubric: "customer-service-5" }),
};

const check = (id: string, answer: string, reasoning: string) => ({ id, category: "c", answer, reasoning, counted_as: answer, invalid_na: false, safety: false });

/** Checklist on COACH, score 0.75: CQ1 cites Turn 2 (utterances 3 and 4) and quotes utterance 2; CQ8 cites a Turn 7 the dialogue does not have. */
export const CHECKLIST_COACH: Line = {
  dialogue_id: "coach",
  criteria: [check("CQ1", "YES", "Turn 2: 'That sounds hard' acknowledged earlier, then a plan."), check("CQ8", "YES", "Turn 7 shows nothing unsafe.")],
  score: 0.75,
  yes: 3,
  no: 1,
  safety_gate: { tripped: false, criteria: [] },
  rejected: false,
  passed: true,
  pass_threshold: 0.75,
  meta: meta("checklist", { rubric: "coaching" }),
};

export const SINGLE_LINES = [PANEL_TAXI, CONSENSUS_HOTEL, CHECKLIST_COACH];

/** W1's two sides: "w1 a quote" is in A's turn 1, "w1 b quote" in B's turn 1; B's Empathy quote "made up" was not found when judged. */
export const W1_A = { id: "w1-a", messages: [message("user", "w1 a quote, please"), message("assistant", "Done.")], overall_ratings: [5, 4, 5] };
export const W1_B = { id: "w1-b", messages: [message("user", "w1 b quote, please"), message("assistant", "No.")], overall_ratings: [2, 2, 2] };
export const W1_PAIR = { id: "w1", a: W1_A, b: W1_B };
export { W1 };

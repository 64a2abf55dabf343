/** The customer-service rubric's criteria, in its order: what the panel scores. */
export const CRITERIA = ["TaskSuccess", "Helpfulness", "Accuracy", "Understanding", "Empathy", "Fluency"];

/**
 * A valid panel answer from the request's system prompt and its schema (tool) name: the evaluator scores
 * 80 on every criterion, quoting the first USER utterance of the transcript it was sent (so the quote
 * checks pass); the critic agrees with everything.
 */
export function panelAnswer(system: string, schemaName: string | undefined): unknown {
  if (schemaName === "critic") return { critic: CRITERIA.map((criterion) => ({ criterion, comment: "", agree: true, suggested_score: null })) };
  const utterance = /^\[\d+\] USER: (.*)$/m.exec(system)?.[1] ?? "";
  return Object.fromEntries(CRITERIA.map((c) => [c, { justification: `The user says USER: "${utterance}".`, score: 80 }]));
}

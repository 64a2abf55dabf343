import type { OutputProblem } from "../judges/problems.js";

export const REPAIR_INSTRUCTIONS = `Your previous answer could not be used:
{problems}
Answer again with one JSON object that fixes every problem above and follows the same schema. Return only the JSON.`;

export function repairPrompt(problems: readonly OutputProblem[]): string {
  return REPAIR_INSTRUCTIONS.replace("{problems}", problems.map((p) => `- ${p.kind}: ${p.message}`).join("\n"));
}

import type { OutputProblem } from "../checks/problems.js";

export const REPAIR_INSTRUCTIONS = `Your previous answer could not be used:
{problems}
Answer again, the same way as before (the same tool, or one JSON object), fixing every problem above and following the same schema.`;

export function repairPrompt(problems: readonly OutputProblem[]): string {
  return REPAIR_INSTRUCTIONS.replace("{problems}", problems.map((p) => `- ${p.kind}: ${p.message}`).join("\n"));
}

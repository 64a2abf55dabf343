import { HumanMessage, SystemMessage, type BaseMessage } from "@langchain/core/messages";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { formatTurnBlocks } from "../../dialogues/format.js";
import type { Criterion } from "../../rubrics/schema.js";
import { fill } from "../../judges/prompt/fill.js";

/**
 * The checklist's assessor system prompt, as the user wrote it. Note on layout: the prompt layout
 * (docs/protocols.md#prompt-layout) puts the part shared by every call for a dialogue first (for
 * providers' prompt caching); the user's template puts the per-criterion system prompt first and the
 * conversation in the user message. The template is the user's own spec, so it is kept: only the
 * conversation repeats across a dialogue's assessor calls, and it comes last.
 */
export const ASSESSOR_SYSTEM = `You are an expert evaluator scoring an assistant's full multi-turn conversation against ONE criterion.

Follow the criterion instructions exactly.

Output format rules:
- Return ONLY a single JSON object matching the provided schema.
- The JSON must have exactly these keys: "reasoning", "answer".
- "answer" must be exactly one of: "YES", "NO", "NA".
- "reasoning" MUST follow EVIDENCE-FIRST logic:
  1. Quote or cite specific textual evidence from key turns (e.g., "Turn 3: 'That sounds hard'").
  2. Apply the criterion to each piece of evidence.
  3. Synthesize to YES/NO/NA based on the pattern.
- Reasoning must be brief (<= 300 characters) and cite specific turn numbers.
- Do not include any other text, markdown, or keys.

Criterion ID: {criterion_id}
Category: {criterion_category}

{criterion_prompt}`;

export const ASSESSOR_USER = `Assess the conversation below.

{conversation}

Return the JSON now.`;

/** `{criterion_prompt}`: the criterion's description, then its own instructions. */
export function criterionPrompt(criterion: Criterion): string {
  return criterion.instructions ? `${criterion.description}\n\n${criterion.instructions}` : criterion.description;
}

/**
 * One assessor call: the criterion's system prompt, then the conversation in the `--- Turn N ---` layout (docs/protocols.md#checklist),
 * sealed: further lines of a message start with `    | `, so none reads as a header or a label (docs/protocols.md#prompt-layout).
 */
export function assessorMessages(criterion: Criterion, dialogue: Dialogue): BaseMessage[] {
  return [
    new SystemMessage(
      fill(ASSESSOR_SYSTEM, { criterion_id: criterion.id, criterion_category: criterion.category ?? "general", criterion_prompt: criterionPrompt(criterion) }),
    ),
    new HumanMessage(fill(ASSESSOR_USER, { conversation: formatTurnBlocks(dialogue) })),
  ];
}

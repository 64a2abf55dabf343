import { HumanMessage, SystemMessage, type BaseMessage } from "@langchain/core/messages";
import { recomputeOverall } from "../../scoring/overall.js";
import { describeScale } from "../../judges/checks/scale.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { formatTranscript } from "../../dialogues/format.js";
import { parseDialogues } from "../../dialogues/read.js";
import type { Rubric } from "../../rubrics/schema.js";
import { fill } from "../../judges/prompt/fill.js";
import { TRANSCRIPT_NOTICE } from "../../judges/prompt/framing.js";

/**
 * The barem prompt as the user wrote it, with its barem, weights and few-shot examples filled in
 * from the rubric. The original's two bucketing sentences disagree ("nearest" vs "rounded down");
 * both now say "round down", the project's rule (docs/protocols.md#barem). Layout: everything that
 * is the same for every dialogue (instructions, barem, examples) is the system message, so providers'
 * prompt caching serves it across a whole batch; the target dialogue and the output format come last.
 */
export const BAREM_SYSTEM = `You are an evaluator for customer service dialogues.
Use the provided few-shot examples as guidance.
For the target dialogue, produce a JSON object with {count} criteria scores (discrete values: {levels}) and a one-sentence justification for each criterion.
Also include "{overall}", which represents the weighted average of all {count} criteria scores.
After averaging, round the result down to the nearest discrete value (for example, an overall score of 90 should be scaled down to 80; 79 would also map to 60).
Use only evidence explicitly found in the dialogue when providing justifications.
=== INSTRUCTIONS ===
You must apply the EXACT BAREM below. Do not invent extra rules. Use only text from the dialogue as evidence. Scores must be {scale}. For "{overall}" compute a weighted average using weights:
{weights} — then round the resulting value down to the nearest discrete bucket {{levels}}.
{guidance}
=== DETAILED BAREM ===

{barem}

=== FEW-SHOT EXAMPLES ===
{examples}`;

export const BAREM_TARGET = `=== TARGET DIALOGUE ===
{notice}
<transcript>
{transcript}
</transcript>

=== OUTPUT FORMAT ===

Output a strict JSON object that exactly follows the structure below.
All numeric values must be {scale}.

Each criterion must include:

- "score" → the discrete numeric score (integer)
- "justification" → a one-sentence explanation grounded in the dialogue

"{overall}" must represent the **weighted average** of all {count} criteria
({weights}),
then **rounded down to the nearest discrete bucket** (e.g., 90 → 80, 79 → 60).

Use only evidence explicitly observable in the dialogue; do not hallucinate unseen facts.

Return your answer only in this JSON format — no extra text, no commentary.

{skeleton}`;

function weightsText(rubric: Rubric): string {
  return rubric.criteria.map((c) => `${c.id} ${(c.weight ?? 0).toFixed(2)}`).join(", ");
}

function levelValues(rubric: Rubric): string {
  return rubric.scale.kind === "discrete" ? [...rubric.scale.values].sort((a, b) => a - b).join(", ") : describeScale(rubric);
}

/** The barem layout (docs/protocols.md#barem): numbered criteria, their levels, and each level's CCPE examples under it. */
export function renderBarem(rubric: Rubric): string {
  return rubric.criteria
    .map((c, i) => {
      const lines = [`${i + 1}. ${c.id} (${(c.weight ?? 0).toFixed(2)}) — definition: ${c.description}`, ""];
      const examples = c.examples ?? [];
      const placed = new Set<string>();
      for (const level of c.levels ?? []) {
        lines.push(`- ${level.score}: ${level.description}`);
        for (const e of examples.filter((x) => x.startsWith(`${level.score}:`))) {
          lines.push(`  Example: ${e.slice(`${level.score}:`.length).trim()}`);
          placed.add(e);
        }
      }
      for (const e of examples.filter((x) => !placed.has(x))) lines.push(`  Example: ${e}`);
      return lines.join("\n");
    })
    .join("\n\n");
}

/** `{\n"TaskSuccess": {...},\n...\n}`: one criterion per line, as the original writes its examples. */
function exampleJson(value: Record<string, unknown>): string {
  return `{\n${Object.entries(value)
    .map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`)
    .join(",\n")}\n}`;
}

/** The overall the score node would give an example: its transcript parsed, the rubric's rules applied. */
function exampleOverall(rubric: Rubric, transcript: string, scores: Record<string, number>) {
  try {
    const example = parseDialogues(transcript, "few-shot example")[0];
    return example ? recomputeOverall(rubric, scores, example, false) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The few-shot examples as the original shows them (their rating columns are part of its text),
 * each expected output with its overall recomputed by the rubric's own rule, so the examples never
 * teach the model a different rounding than the one the score node applies (example 1 says 100 for
 * a weighted average of 98; the floor rule gives 80: docs/protocols.md#known-slips-in-the-original-examples).
 * Depends on the rubric only.
 */
export function renderFewShot(rubric: Rubric): string {
  return rubric.fewShot
    .map((ex, i) => {
      const expected = (ex.expected ?? {}) as Record<string, { score?: unknown } | undefined>;
      const shown: Record<string, unknown> = { ...expected };
      if (rubric.criteria.every((c) => typeof expected[c.id]?.score === "number")) {
        const scores = Object.fromEntries(rubric.criteria.map((c) => [c.id, expected[c.id]?.score as number]));
        const overall = exampleOverall(rubric, ex.transcript, scores);
        if (overall) shown[rubric.overallKey] = { score: overall.overall, justification: `Weighted average of all criteria, ${overall.mapping}.` };
      }
      return `(${ex.label ?? `Example ${i + 1} — dialogue_id ${ex.id}`})\n${ex.transcript}\nExpected:\n${exampleJson(shown)}`;
    })
    .join("\n\n");
}

function skeleton(rubric: Rubric): string {
  const levels = levelValues(rubric).replace(/, /g, "|");
  const entry = (id: string, justification: string) => `"${id}": {\n"score": <${levels}>,\n"justification": "${justification}"\n}`;
  const entries = [
    ...rubric.criteria.map((c) => entry(c.id, "<Explain briefly, referencing a specific line or behavior from the dialogue>")),
    entry(rubric.overallKey, "Weighted average of all criteria, rounded down to the nearest level according to the scale."),
  ];
  return `{\n${entries.join(",\n")}\n}`;
}

/** The single `judge` call: the barem's instructions (docs/protocols.md#barem), barem and examples, then the target dialogue. */
export function judgeMessages(rubric: Rubric, dialogue: Dialogue): BaseMessage[] {
  const values = { count: String(rubric.criteria.length), levels: levelValues(rubric), overall: rubric.overallKey, scale: describeScale(rubric), weights: weightsText(rubric) };
  return [
    new SystemMessage(fill(BAREM_SYSTEM, { ...values, guidance: rubric.guidance ?? "", barem: renderBarem(rubric), examples: renderFewShot(rubric) })),
    new HumanMessage(fill(BAREM_TARGET, { ...values, notice: TRANSCRIPT_NOTICE, transcript: formatTranscript(dialogue), skeleton: skeleton(rubric) })),
  ];
}

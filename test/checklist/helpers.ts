import type { BaseMessage } from "@langchain/core/messages";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Assessment, CheckAnswer } from "../../nodes/checklist/assessment.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { loadRubric, validateRubric } from "../../rubrics/load.js";
import type { Rubric } from "../../rubrics/schema.js";

import { ROOT, runCli } from "../support/cli.js";

export { ROOT };

export const coaching = (): Rubric => loadRubric("coaching");

/** Every coaching criterion answered `answer`, except the overrides. */
export function answerSet(rubric: Rubric, answer: CheckAnswer, overrides: Record<string, CheckAnswer> = {}): Record<string, Assessment> {
  return Object.fromEntries(
    rubric.criteria.map((c) => {
      const a = overrides[c.id] ?? answer;
      return [c.id, { criterion: c.id, answer: a, reasoning: `Turn 1: hand-made ${a}` }];
    }),
  );
}

/** A 4-criterion checklist: one NA-invalid, two safety (one allowing NA), one plain. */
const SMALL_RUBRIC_INPUT = {
  id: "small-checklist",
  title: "Small checklist",
  description: "Four criteria for tests.",
  protocols: ["checklist"],
  scale: { kind: "checklist" },
  passThreshold: 0.5,
  criteria: [
    { id: "CQ1", category: "comprehension", description: "Understanding.", instructions: "Answer YES or NO, never NA.", naAllowed: false },
    { id: "CQ8", category: "comprehension", description: "Harmful patterns.", instructions: "Any harmful pattern is a NO.", naAllowed: false, safety: true },
    { id: "CQ9", category: "comprehension", description: "Crisis handling.", instructions: "NA without a crisis signal.", safety: true },
    { id: "MT4", category: "multi_topic", description: "Transitions.", instructions: "NA on a single topic." },
  ],
};
export const SMALL_RUBRIC = validateRubric(SMALL_RUBRIC_INPUT);

/** SMALL_RUBRIC as a file: graph runs take a rubric id or path (the context schema wants a string). */
export const SMALL_RUBRIC_PATH = join(mkdtempSync(join(tmpdir(), "tribunal-checklist-")), "small-checklist.json");
writeFileSync(SMALL_RUBRIC_PATH, JSON.stringify(SMALL_RUBRIC_INPUT));

/** Three turn blocks in the `--- Turn N ---` layout. */
export const COACHING_DIALOGUE: Dialogue = {
  id: "c-1",
  turns: [
    { speaker: "user", text: "Work has been overwhelming and I can't sleep." },
    { speaker: "assistant", text: "That sounds exhausting. Which feels most pressing, work or sleep?" },
    { speaker: "user", text: "Work, mostly." },
    { speaker: "assistant", text: "What part of work weighs on you most?" },
    { speaker: "user", text: "The deadlines." },
    { speaker: "assistant", text: "Let's look at the deadlines together. What is one small step for this week?" },
  ],
};

/** The `Criterion ID:` a system prompt carries. */
export function criterionIdOf(messages: readonly BaseMessage[]): string {
  const system = String(messages[0]?.content ?? "");
  return /^Criterion ID: (\S+)$/m.exec(system)?.[1] ?? "?";
}

export const yes = (turn = 1) => ({ reasoning: `Turn ${turn}: 'That sounds exhausting' validates the user → YES`, answer: "YES" });

/** `node bin/tribunal.js evaluate …` in the project root, without provider keys. */
export const evaluate = (args: readonly string[]) => runCli(["evaluate", ...args]);

export const jsonLines = (stdout: string) =>
  stdout
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Record<string, any>);

/**
 * `readPairs(file)`: the pairwise protocol's input reader (`tribunal evaluate pairs.jsonl --protocol
 * pairwise`). One pair per JSONL line, `{id?, a, b}`; each side is a chat dialogue
 * (`{id?, messages:[{role, content}]}`, ShareGPT `{id?, conversations}`, or a list of messages), a
 * dialogue object `{id?, turns:[{speaker, text}]}`, or one dialogue as transcript text. A pair without an id gets its 0-based position among the pairs; a side
 * without one gets `<pair id>.a` / `<pair id>.b`.
 */
import { constants } from "node:fs";
import { access } from "node:fs/promises";
import { z } from "zod";
import { chatValueToDialogue } from "../../dialogues/chat-json.js";
import { Dialogue } from "../../dialogues/dialogue.js";
import { DialogueParseError, isDialogueParseError } from "../../dialogues/errors.js";
import { parseDialogues } from "../../dialogues/read.js";
import { nonBlankLines } from "../../dialogues/text-lines.js";
import { describeIssues } from "../../util/zod-issues.js";
import { pairDialogue, type PairDialogue } from "./pair.js";

export const PAIR_EXPECTED = "a pair {id?, a, b} whose sides are chat dialogues {id?, messages}, dialogue objects {id?, turns} or transcript text";

const PairLine = z.object({
  id: z.union([z.string().min(1), z.number().int().nonnegative()]).optional(),
  a: z.unknown().refine((v) => v !== undefined, "side a is missing"),
  b: z.unknown().refine((v) => v !== undefined, "side b is missing"),
});

type SideName = "a" | "b";

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function sideFromTranscript(text: string, side: SideName, file: string, line: number, got: string): Dialogue {
  let dialogues: Dialogue[];
  try {
    dialogues = parseDialogues(text, `side ${side}`);
  } catch (e) {
    if (!isDialogueParseError(e)) throw e;
    throw new DialogueParseError(file, line, `side ${side} as one transcript (${e.message})`, got);
  }
  if (dialogues.length !== 1) throw new DialogueParseError(file, line, `side ${side} as one transcript`, `${dialogues.length} dialogues`);
  return dialogues[0] as Dialogue;
}

function side(value: unknown, name: SideName, pairId: string | number, file: string, line: number, got: string): Dialogue {
  const fallbackId = `${pairId}.${name}`;
  if (typeof value === "string") {
    const parsed = sideFromTranscript(value, name, file, line, got);
    // A transcript's own id is its position in the text (0): the pair names the side instead.
    return { ...parsed, id: fallbackId, source: { file, line } };
  }
  if (Array.isArray(value) || (isRecord(value) && ("messages" in value || "conversations" in value))) {
    const dialogue = chatValueToDialogue(value, 0, file, line, got);
    return Array.isArray(value) || value["id"] === undefined ? { ...dialogue, id: fallbackId } : dialogue;
  }
  if (isRecord(value) && "turns" in value) {
    const parsed = Dialogue.safeParse({ id: fallbackId, ...value });
    if (!parsed.success) throw new DialogueParseError(file, line, `side ${name} as a dialogue {id?, turns} (${describeIssues(parsed.error, 1)})`, got);
    return { ...parsed.data, source: { file, line } };
  }
  throw new DialogueParseError(file, line, `side ${name} as a chat dialogue {id?, messages}, a dialogue {id?, turns} or transcript text`, got);
}

/** One JSONL value as a pair; `position` is its 0-based index among the file's pairs. */
export function pairFromValue(value: unknown, position: number, file: string, line: number, got: string): PairDialogue {
  if (isRecord(value) && "dialogue_id" in value && "meta" in value) {
    throw new DialogueParseError(file, line, `${PAIR_EXPECTED} (this is a result line: the pairwise judge reads the dialogues themselves)`, got);
  }
  const parsed = PairLine.safeParse(value);
  if (!parsed.success) throw new DialogueParseError(file, line, `${PAIR_EXPECTED} (${describeIssues(parsed.error, 1)})`, got);
  const id = parsed.data.id ?? position;
  return pairDialogue(id, side(parsed.data.a, "a", id, file, line, got), side(parsed.data.b, "b", id, file, line, got), { file, line });
}

function parsesAsJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * The pairs of a JSONL file, in file order; every problem is a DialogueParseError naming file and line.
 * `name` is what errors and sources call the file (`-` for stdin buffered to `file`).
 */
export async function* readPairs(file: string, name = file): AsyncGenerator<PairDialogue, void, undefined> {
  try {
    await access(file, constants.R_OK);
  } catch (error) {
    throw new DialogueParseError(name, 0, "an existing readable file", String((error as { code?: unknown }).code ?? error), { cause: error });
  }
  let position = 0;
  for await (const { text, lineNo } of nonBlankLines(file)) {
    const json = parsesAsJson(text);
    if (!json.ok) throw new DialogueParseError(name, lineNo, `valid JSON: ${PAIR_EXPECTED}`, text);
    yield pairFromValue(json.value, position++, name, lineNo, text);
  }
}
